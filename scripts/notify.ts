/**
 * Tells search engines a deploy happened: calls `POST /api/ping-indexnow` on the
 * deployed site and prints what each engine said. For release scripts:
 *
 *   bun run notify [BASE_URL]     BASE_URL defaults to $SITE_URL
 *
 * Exit status: 0 every engine accepted; 1 some or none did, or the cooldown refused;
 * 2 usage error, network error, or an answer that is not a report (e.g. 503).
 */
import { type CommandOutput, readCommandLine } from "../lib/runtime/command-line.ts";

export const EXIT = { accepted: 0, notAccepted: 1, usage: 2 } as const;

/** The client's own bound: the endpoint answers within its engine timeout, plus slack. */
const TIMEOUT_MS = 30_000;

const USAGE = "usage: bun run notify [BASE_URL]   (BASE_URL defaults to $SITE_URL)";

const COMMAND = {
  name: "bun run notify",
  usage: `${USAGE}

Tells search engines the site at BASE_URL changed: POST /api/ping-indexnow
there, then one row per engine with what it answered. Run it after a deploy.

Arguments:
  BASE_URL      the deployed site's origin, e.g. https://site.example
                (default: $SITE_URL)

Options:
  -h, --help    this text

Exit status:
  0  every engine accepted
  1  some engines or none accepted, or the trigger's cooldown refused it
  2  a usage error, the site unreachable, or an answer that is not a report
     (e.g. 503: INDEXNOW_KEY is not set there)`,
  options: {},
  positionals: true,
} as const;

interface EngineRow {
  name: string;
  status: number | null;
  outcome: string;
  explanation: string;
  durationMs: number;
  retryAfter?: string;
}

interface Report {
  outcome: "accepted" | "partial" | "failed";
  host: string;
  urls: string[];
  engines: EngineRow[];
}

/** The server is whatever BASE_URL names: keep its strings from steering the terminal. */
const clean = (value: unknown): string => String(value).replace(/\p{Cc}/gu, "?");

/** A small fixed-width table: one row per engine. */
export function renderTable(report: Report): string[] {
  const rows = [
    ["ENGINE", "STATUS", "OUTCOME", "TIME", "EXPLANATION"],
    ...report.engines.map((engine) => [
      clean(engine.name),
      engine.status === null ? "-" : clean(engine.status),
      clean(engine.outcome),
      `${clean(engine.durationMs)} ms`,
      clean(engine.explanation) + (engine.retryAfter ? ` (Retry-After: ${clean(engine.retryAfter)})` : ""),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const accepted = report.engines.filter((engine) => engine.outcome === "accepted").length;
  return [
    `IndexNow: ${clean(report.outcome)}, ${accepted} of ${report.engines.length} engines accepted ` +
      `${report.urls.length} URLs for ${clean(report.host)}`,
    ...rows.map((row) =>
      `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join("  ")}`.trimEnd(),
    ),
  ];
}

function baseUrlOf(
  positionals: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): URL | string {
  if (positionals.length > 1) return USAGE;
  const raw = positionals[0] ?? env.SITE_URL;
  if (!raw) return `no BASE_URL given and SITE_URL is not set\n${USAGE}`;
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {}
  return `"${clean(raw)}" is not an http(s) URL\n${USAGE}`;
}

/** Runs the command; resolves to its exit status. */
export async function notify(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): Promise<number> {
  const read = readCommandLine(args, COMMAND, output);
  if (read.exit !== undefined) return read.exit;
  const base = baseUrlOf(read.positionals, env);
  if (typeof base === "string") {
    output.err(base);
    return EXIT.usage;
  }
  const endpoint = new URL("/api/ping-indexnow", base).href;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { accept: "application/json", "user-agent": "site-notify/1.0" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    output.err(`notify: cannot reach ${endpoint}: ${clean(error instanceof Error ? error.message : error)}`);
    return EXIT.usage;
  }
  const report = body as Report;
  if ([200, 207, 502].includes(response.status) && Array.isArray(report?.engines)) {
    for (const line of renderTable(report)) output.out(line);
    return response.status === 200 ? EXIT.accepted : EXIT.notAccepted;
  }
  const message = clean((body as { error?: { message?: string } })?.error?.message ?? "no error message");
  if (response.status === 429) {
    output.err(`notify: refused by the cooldown: ${message}`);
    return EXIT.notAccepted;
  }
  output.err(`notify: ${endpoint} answered ${response.status}: ${message}`);
  return EXIT.usage;
}

if (import.meta.main) {
  const status = await notify(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(status);
}
