/**
 * Test support: the shipped server in this process, started by the very function the
 * entry point calls (`start`, with `server.ts`'s description of Bun), on a free loopback
 * port; and a raw HTTP/1.1 client for requests `fetch` refuses to send.
 */
import { type Server, type StartOptions, start } from "../../lib/app/start.ts";
import { SITE } from "../../lib/features.ts";
import { bun } from "../../server.ts";
import { FIXED_NOW, SITE_URL } from "./app.ts";
import { NO_BLUESKY, NO_GITHUB, NO_LASTFM } from "./loopback-only.ts";
import { ownerDir } from "./owners.ts";

export interface TestServer extends Server {
  readonly port: number;
  /** What the server wrote to stdout (its log) and stderr. */
  readonly stdout: string[];
  readonly stderr: string[];
}

/**
 * Starts the server on `127.0.0.1`, any free port (and any free one for its metrics), at
 * the fixed instant of the golden files, for the fixture owner `rin` (`CONTENT_DIR`),
 * GitHub's API, Last.fm's and Bluesky's AppView a loopback port where nothing listens. `env` adds to (or overrides) that
 * environment; `options` to the app.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: Partial<StartOptions> = {},
): Promise<TestServer> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const server = await start(
    {
      ...bun,
      env: {
        HOST: "127.0.0.1",
        PORT: "0",
        METRICS_PORT: "0",
        SITE_URL,
        LOG_FORMAT: "json",
        GITHUB_API_URL: NO_GITHUB,
        LASTFM_API_URL: NO_LASTFM,
        BLUESKY_APPVIEW: NO_BLUESKY,
        CONTENT_DIR: ownerDir("rin"),
        ...env,
      },
      args: [],
      out: (lines) => stdout.push(...lines.split("\n")),
      err: (text) => stderr.push(text),
      exit: (code) => {
        throw new Error(`the server asked to exit with ${code}: ${stderr.join("\n")}`);
      },
      // Signals are for the process; a test stops its server itself.
      onSignal: () => {},
    },
    { ...SITE, clock: () => FIXED_NOW.getTime(), ...options },
  );
  const port = Number(new URL(server.url).port);
  return { ...server, port, stdout, stderr };
}

export interface RawResponse {
  status: number;
  head: string;
  body: string;
  /** Who ended the exchange: the server closing the connection, or the wait running out. */
  ended: "closed" | "timeout";
}
/** Writes `request` as is, reads until the server closes or `timeoutMs` passes. */
export function rawRequest(
  port: number,
  request: string | Uint8Array,
  timeoutMs = 3000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const done = (ended: RawResponse["ended"]) => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: text.slice(split + 4),
        ended,
      });
    };
    const timer = setTimeout(() => {
      socket.then((s) => s.end());
      done("timeout");
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
        close: () => done("closed"),
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
