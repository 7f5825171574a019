/**
 * The benchmark's baseline: a bare `Bun.serve` that answers each request with the very
 * bytes and headers the real server gave for it. Bun's router picks the path, as it does
 * for the app; the handler reads what the app must read to choose and guard a
 * representation (User-Agent, Accept, If-None-Match, Content-Length, X-Request-Id, the
 * query of a path recorded with one, like a one-liner's `?format=`, and for terminal text
 * the switches in the URL) and picks the recorded response by client class, so the app
 * is measured against the floor of the same work. Like the app,
 * it gives each response its own `X-Request-Id` (the caller's, or a new UUID).
 *
 *   PORT=3001 bun run bench/baseline-server.ts <recorded.json>
 */
import { readFileSync } from "node:fs";
import { requestIdFor } from "../lib/http/request-id.ts";
import { DEFAULT_TEXT_OPTIONS, queryOf, switchesIn } from "../lib/profile/text-switches.ts";

export interface Recorded {
  /** `${path} ${class}`, the path with its query if any, the class the key the baseline derives from headers. */
  readonly key: string;
  readonly status: number;
  readonly headers: [string, string][];
  /** The body as text; base64 for an image. */
  readonly body: string;
  readonly base64?: true;
}

/** What the baseline replays for `key`: the app's answer, less the headers Bun adds itself. */
export async function recording(key: string, response: Response): Promise<Recorded> {
  const headers = [...response.headers].filter(([name]) => name !== "date" && name !== "content-length");
  if (response.headers.get("content-type")?.startsWith("image/")) {
    const body = Buffer.from(await response.arrayBuffer()).toString("base64");
    return { key, status: response.status, headers, body, base64: true };
  }
  return { key, status: response.status, headers, body: await response.text() };
}

/** The same three-way split the app makes, reduced to what picks a recording. */
export function baselineClass(userAgent: string | null, accept: string | null): string {
  const ua = (userAgent ?? "").toLowerCase();
  if (ua.includes("curl/")) return accept?.includes("application/json") ? "curl-json" : "curl";
  return ua.includes("mozilla/") ? "browser" : "program";
}

interface Replayed {
  readonly response: Response;
  /** Terminal text, whose colour the URL's query can switch off. */
  readonly isText: boolean;
}

if (import.meta.main) {
  const [file] = process.argv.slice(2);
  const recorded: Recorded[] = JSON.parse(readFileSync(file as string, "utf8"));
  // Bun's router picks the path; a recording with a query (`/?format=3`) is found by it,
  // the class after it, and otherwise only terminal text reads `request.url` (for `?nocolor`).
  const byPath = new Map<string, Map<string, Replayed>>();
  for (const { key, status, headers, body, base64 } of recorded) {
    const [pathAndQuery = "", kind = ""] = key.split(" ");
    const [path = "", query] = pathAndQuery.split("?");
    const kinds = byPath.get(path) ?? new Map<string, Replayed>();
    const isText = headers.some(([name, value]) => name === "content-type" && value.startsWith("text/plain"));
    kinds.set(query === undefined ? kind : `?${query} ${kind}`, {
      response: new Response(base64 ? Buffer.from(body, "base64") : body, { status, headers }),
      isText: isText && query === undefined,
    });
    byPath.set(path, kinds);
  }
  const notFound = new Response("not recorded", { status: 404 });
  const answer = (kinds: Map<string, Replayed>) =>
    function replay(request: Request): Response {
      const headers = request.headers;
      const kind = baselineClass(headers.get("user-agent"), headers.get("accept"));
      headers.get("if-none-match");
      // The app's body limit reads it on every route.
      headers.get("content-length");
      const incoming = headers.get("x-request-id");
      const start = request.url.indexOf("?");
      const byQuery = start === -1 ? undefined : kinds.get(`${request.url.slice(start)} ${kind}`);
      let recordedHere: Replayed | undefined;
      if (byQuery) {
        // A one-liner's query picks it: its format and switches, read as the app reads them.
        const query = queryOf(request.url) as URLSearchParams;
        switchesIn(query);
        query.get("format");
        recordedHere = byQuery;
      } else {
        // Terminal text has switches, read as the app reads them; only the default was recorded.
        const replayed = kinds.get(kind);
        if (replayed && (!replayed.isText || switchesIn(queryOf(request.url)) === DEFAULT_TEXT_OPTIONS)) {
          recordedHere = replayed;
        }
      }
      const response = (recordedHere ? recordedHere.response : notFound).clone();
      response.headers.set("x-request-id", requestIdFor(incoming));
      return response;
    };
  Bun.serve({
    port: Number(process.env.PORT),
    hostname: process.env.HOST ?? "127.0.0.1",
    reusePort: false,
    routes: Object.fromEntries([...byPath].map(([path, kinds]) => [path, { GET: answer(kinds) }])),
    fetch: () => notFound.clone(),
  });
}
