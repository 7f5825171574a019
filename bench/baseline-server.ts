/**
 * The benchmark's baseline: a bare `Bun.serve` that answers each request with the very
 * bytes and headers the real server gave for it. Bun's router picks the path, as it does
 * for the app; the handler reads the request headers the app must read (User-Agent,
 * Accept, If-None-Match, X-Request-Id) and picks the recorded response by client class,
 * so the app is measured against the floor of the same work. Like the app, it gives each
 * response its own `X-Request-Id` (the caller's, or a new UUID); `--replay-ids` sends the
 * recorded one instead, to measure what that costs.
 *
 *   bun run bench/baseline-server.ts <recorded.json> <port> [--replay-ids]
 */
import { readFileSync } from "node:fs";
import { requestIdFor } from "../lib/request-id.ts";

export interface Recorded {
  /** `${path} ${class}`, the class being the key the baseline derives from headers. */
  readonly key: string;
  readonly status: number;
  readonly headers: [string, string][];
  readonly body: string;
}

/** The same three-way split the app makes, reduced to what picks a recording. */
export function baselineClass(userAgent: string | null, accept: string | null): string {
  const ua = (userAgent ?? "").toLowerCase();
  if (ua.includes("curl/")) return accept?.includes("application/json") ? "curl-json" : "curl";
  return ua.includes("mozilla/") ? "browser" : "program";
}

if (import.meta.main) {
  const [file, port] = process.argv.slice(2);
  const freshIds = !process.argv.includes("--replay-ids");
  const recorded: Recorded[] = JSON.parse(readFileSync(file as string, "utf8"));
  // Neither side reads `request.url` for a fixed path: Bun builds it on first read.
  const byPath = new Map<string, Map<string, Response>>();
  for (const { key, status, headers, body } of recorded) {
    const [path = "", kind = ""] = key.split(" ");
    const kinds = byPath.get(path) ?? new Map<string, Response>();
    kinds.set(kind, new Response(body, { status, headers }));
    byPath.set(path, kinds);
  }
  const notFound = new Response("not recorded", { status: 404 });
  const answer = (kinds: Map<string, Response>) =>
    function replay(request: Request): Response {
      const headers = request.headers;
      const kind = baselineClass(headers.get("user-agent"), headers.get("accept"));
      headers.get("if-none-match");
      const incoming = headers.get("x-request-id");
      const response = (kinds.get(kind) ?? notFound).clone();
      if (freshIds) {
        response.headers.set("x-request-id", requestIdFor(incoming));
      }
      return response;
    };
  Bun.serve({
    port: Number(port),
    hostname: "127.0.0.1",
    reusePort: false,
    routes: Object.fromEntries([...byPath].map(([path, kinds]) => [path, { GET: answer(kinds) }])),
    fetch: () => notFound.clone(),
  });
  console.log("ready");
}
