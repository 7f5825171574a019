/**
 * A bare `Bun.serve` that does, for every request, the work the API asks of the runtime
 * rather than of our code: the time in a time zone and a language's name (ICU), a
 * profile-sized text in each content coding (node:zlib), and its SHA-256 (node:crypto).
 * Compiled as the app is (`bench/reference/compile.ts`), its memory is the floor of
 * those built-ins: what no change to our code can take away.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";

const TEXT = Array.from({ length: 200 }, (_, line) => `${line}: a line of a profile, रिन, 凛 ✓\n`).join("");

function work(): number {
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", timeStyle: "short" });
  const language = new Intl.DisplayNames(["en"], { type: "language" }).of("hi") ?? "";
  const codings = [
    brotliCompressSync(TEXT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    zstdCompressSync(TEXT, { params: { [constants.ZSTD_c_compressionLevel]: 19 } }),
    gzipSync(TEXT, { level: 9 }),
  ];
  const digest = createHash("sha256").update(TEXT).digest("base64url");
  return time.format(new Date()).length + language.length + digest.length + codings.length;
}

Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 3000),
  fetch: () => new Response(`ok ${work()}\n`),
});
