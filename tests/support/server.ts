/**
 * Test support: the app listening on a random loopback port, in this process, and a
 * raw HTTP/1.1 client for requests `fetch` refuses to send (raw bytes, huge headers).
 */
import { type AppOptions, createApp } from "../../lib/http/app.ts";
import { config, FIXED_NOW } from "./app.ts";

// Bun serves its development error page unless this is set, as server.ts does.
process.env.NODE_ENV = "production";

export function startServer(options: Partial<AppOptions> = {}) {
  const app = createApp({ config, clock: () => FIXED_NOW.getTime(), ...options }).listen({
    hostname: "127.0.0.1",
    port: 0,
  });
  const port = app.server?.port as number;
  return { app, port, base: `http://127.0.0.1:${port}`, stop: () => app.stop(true) };
}

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/** Writes `request` as is, reads until the server closes or `timeoutMs` passes. */
export function rawRequest(
  port: number,
  request: string | Uint8Array,
  timeoutMs = 3000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: text.slice(split + 4),
      });
    };
    const timer = setTimeout(() => {
      socket.then((s) => s.end());
      done();
    }, timeoutMs);
    const socket = Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(s) {
          s.write(request);
        },
        data(_s, data) {
          chunks.push(Buffer.from(data));
        },
        close: done,
        error: (_s, error) => reject(error),
      },
    });
  });
}

/** The value of a header in a raw response head, or undefined. */
export function headerOf(raw: RawResponse, name: string): string | undefined {
  const line = raw.head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
