/**
 * @module What the bench measures: every GET route as a person tries it, once for each
 * representation a class of client gets of it, and the text switches asked at the root
 * (a one-liner). The cases are read from a running server, so an endpoint added or removed
 * is measured or not with nothing edited here.
 */
import { TEXT_SWITCHES } from "../lib/profile/text-switches.ts";
import type { ServerProcess } from "../scripts/loopback.ts";
import { serverGetPaths } from "../scripts/served-paths.ts";

export const UA = {
  curl: "curl/8.5.0",
  browser:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  program: "python-requests/2.31.0",
};

/** The three classes of client, as each asks by default. */
export const CLIENTS = {
  curl: { "user-agent": UA.curl, accept: "*/*" },
  browser: { "user-agent": UA.browser, accept: "text/html,*/*;q=0.8" },
  program: { "user-agent": UA.program, accept: "*/*" },
} as const;

/** One endpoint, asked for by one class of client. */
export interface BenchCase {
  readonly name: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

/** The one-liners: the text switches a terminal asks for at the root. */
const AT_ROOT = TEXT_SWITCHES.flatMap((textSwitch) =>
  "atRoot" in textSwitch ? [`/?${textSwitch.example}`] : [],
);

/**
 * What tells one representation from another: the media type, and for JSON whether it is
 * pretty (pretty JSON ends with a newline). Fortune and roast answer a random pick, so the
 * body itself cannot tell.
 */
function representation(response: Response, body: string): string {
  const type = (response.headers.get("content-type") ?? "none").split(";")[0] as string;
  const [, subtype = type] = type.split("/");
  const name = { html: "HTML", plain: "text", json: "JSON" }[subtype] ?? subtype;
  return subtype.endsWith("json") && body.endsWith("\n") ? `pretty ${name}` : name;
}

/**
 * Every case the server at `server` has: each GET route it serves (as `serverGetPaths`
 * works them out), asked by each class of client, one case per representation, named for
 * the first class that gets it; and the one-liners, for curl.
 */
export async function benchCases(server: ServerProcess): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  // WebFinger's question names the server's own origin, whose port is each run's own.
  const named = (path: string) => path.replace(`:${new URL(server.url).port}`, ":…");
  const ask = async (path: string, clients: readonly (keyof typeof CLIENTS)[]) => {
    const seen = new Set<string>();
    for (const client of clients) {
      const headers = CLIENTS[client];
      const response = await fetch(`${server.url}${path}`, { headers });
      const seenAs = representation(response, await response.text());
      if (response.status !== 200 || seen.has(seenAs)) continue;
      seen.add(seenAs);
      cases.push({ name: `${named(path)}, ${client}: ${seenAs}`, path, headers });
    }
  };
  for (const path of serverGetPaths(server.env)) await ask(path, ["curl", "browser", "program"]);
  for (const path of AT_ROOT) await ask(path, ["curl"]);
  return cases;
}

/** The median of some figures. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The options every command that runs the cases takes: how many rounds a case, and which cases. */
export const CASE_OPTIONS = { rounds: { type: "string" }, only: { type: "string" } } as const;

/** The cases whose name contains `only`; every case without it. */
export function casesNamed(cases: readonly BenchCase[], only = ""): BenchCase[] {
  return cases.filter(({ name }) => name.includes(only));
}
