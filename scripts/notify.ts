/**
 * Tells search engines a release happened: calls `POST /api/ping-indexnow` on the deployed
 * site and prints what each engine said. The site sends each release once, whoever asks
 * first, so after a stranger's trigger this finds the release already sent and says so.
 * When an engine has not yet answered for good, it waits as the site says and asks again.
 * A site with no IndexNow key submits nothing: notify says it skipped, and exits 0, so a
 * release without IndexNow stays green.
 *
 *   bun run notify [BASE_URL] [--wait SECONDS]     BASE_URL defaults to $SITE_URL
 */
import { NO_KEY_REASON } from "../lib/indexnow/readiness.ts";
import type { ReleaseReport } from "../lib/indexnow/report.ts";
import {
  CONSOLE,
  type CommandOutput,
  readCommandLine,
  refuse,
  USAGE_ERROR,
} from "../lib/runtime/command-line.ts";
import { ConfigError, siteOrigin } from "../lib/runtime/config.ts";
import { valueIn } from "../lib/runtime/env.ts";

export const EXIT = { accepted: 0, skipped: 0, notAccepted: 1, usage: USAGE_ERROR } as const;

/** The client's own bound on one call: the endpoint answers within its engine timeout, plus slack. */
const TIMEOUT_MS = 30_000;

/** How long it keeps asking while an engine has not answered for good. */
const DEFAULT_WAIT_SECONDS = 600;

/** The first pause after a report with an engine still waiting; it doubles, and a 429's Retry-After overrides it. */
const FIRST_PAUSE_MS = 2000;

const USAGE = "usage: bun run notify [BASE_URL] [--wait SECONDS]   (BASE_URL: $SITE_URL)";

const COMMAND = {
  name: "bun run notify",
  usage: `${USAGE}

Tells search engines the site at BASE_URL has a new release: it POSTs to
/api/ping-indexnow there, then prints one row per engine with what it answered.
Run it after a deploy. The site sends each release to each engine once: if
someone triggered it first, nothing is sent again, and notify says the release
was already sent. While an engine has not answered for good (a 429, a timeout,
a server error), notify waits as the site says (Retry-After) and asks again,
for at most --wait seconds. A site with no IndexNow key (INDEXNOW_KEY) sends
nothing: notify says it skipped, and how to set the key.

Arguments:
  BASE_URL        the deployed site's origin, e.g. https://site.example
                  (default: $SITE_URL); an origin only, as the server takes
                  SITE_URL: one with a path is refused

Options:
  --wait SECONDS  how long to keep asking while an engine has not answered
                  for good (default: ${DEFAULT_WAIT_SECONDS})
  -h, --help      this text

Exit status:
  0  every engine has accepted this release, now or before; or the site has no
     IndexNow key, and notify skipped
  1  an engine refused this release (it will not accept it), or one still had
     not answered for good when --wait ran out
  2  a usage error, the site unreachable, or an answer that is not a report
     (e.g. 503: the site's SITE_URL is one the engines reject)`,
  options: { wait: { type: "string" } },
  positionals: true,
} as const;

/** One engine's row of the report. */
type EngineRow = ReleaseReport["engines"][number];

/** The server is whatever BASE_URL names: keep its strings from steering the terminal. */
const clean = (value: unknown): string => String(value).replace(/\p{Cc}/gu, "?");

/** A small fixed-width table: one row per engine. */
export function renderTable(report: ReleaseReport): string[] {
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
  const sent = report.alreadySent ? "already sent" : "sent";
  return [
    `IndexNow: release ${clean(report.release)} ${sent}: ${clean(report.outcome)}, ${accepted} of ` +
      `${report.engines.length} engines accepted ${report.urls.length} URLs for ${clean(report.host)}`,
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
  const given = positionals[0]?.trim();
  const raw = given || valueIn(env, "SITE_URL");
  if (!raw) return `no BASE_URL given and SITE_URL is not set\n${USAGE}`;
  try {
    return new URL(siteOrigin(raw, given ? "BASE_URL" : "SITE_URL"));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return `${clean(error.message)}, as the server's SITE_URL must be\n${USAGE}`;
  }
}

/** What one call to the trigger came back with. */
type Answer =
  | { readonly kind: "report"; readonly report: ReleaseReport }
  | { readonly kind: "cooldown"; readonly retryAfterSeconds: number; readonly message: string }
  | { readonly kind: "no key" }
  | { readonly kind: "failed"; readonly line: string };

async function trigger(endpoint: string): Promise<Answer> {
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
    return {
      kind: "failed",
      line: `cannot reach ${endpoint}: ${clean(error instanceof Error ? error.message : error)}`,
    };
  }
  const report = body as ReleaseReport;
  if ([200, 207, 502].includes(response.status) && Array.isArray(report?.engines))
    return { kind: "report", report };
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (response.status === 503 && error?.code === "not_configured" && error.message === NO_KEY_REASON) {
    return { kind: "no key" };
  }
  const message = clean(error?.message ?? "no error message");
  const retryAfter = Number(response.headers.get("retry-after"));
  if (response.status === 429 && Number.isInteger(retryAfter) && retryAfter >= 0) {
    return { kind: "cooldown", retryAfterSeconds: retryAfter, message };
  }
  return { kind: "failed", line: `${endpoint} answered ${response.status}: ${message}` };
}

const names = (engines: readonly EngineRow[]) => engines.map(({ name }) => clean(name)).join(", ");

/** Runs the command; resolves to its exit status. `sleep` is how it waits: tests pass their own. */
export async function notify(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<number> {
  const read = readCommandLine(args, COMMAND, output);
  if (read.exit !== undefined) return read.exit;
  const base = baseUrlOf(read.positionals, env);
  if (typeof base === "string") {
    output.err(base);
    return EXIT.usage;
  }
  const waitSeconds = read.values.wait === undefined ? DEFAULT_WAIT_SECONDS : Number(read.values.wait);
  if (!Number.isFinite(waitSeconds) || waitSeconds < 0) {
    return refuse(COMMAND, output, "--wait takes a number of seconds");
  }
  const endpoint = new URL("/api/ping-indexnow", base).href;
  const deadline = Date.now() + waitSeconds * 1000;
  let pauseMs = FIRST_PAUSE_MS;
  for (;;) {
    const answer = await trigger(endpoint);
    let waitMs: number;
    let waiting: string;
    if (answer.kind === "failed") {
      output.err(`notify: ${answer.line}`);
      return EXIT.usage;
    }
    if (answer.kind === "no key") {
      output.out(
        `IndexNow: skipped: not configured on ${base.host} (no INDEXNOW_KEY there), so nothing was sent; ` +
          "to turn it on, `fly secrets set INDEXNOW_KEY=$(openssl rand -hex 16)` (docs/indexnow.md)",
      );
      return EXIT.skipped;
    }
    if (answer.kind === "report") {
      const { report } = answer;
      for (const line of renderTable(report)) output.out(line);
      if (report.outcome === "accepted") return EXIT.accepted;
      const retryable = report.engines.filter((engine) => engine.retryable);
      if (retryable.length === 0) {
        const refused = report.engines.filter((engine) => engine.outcome !== "accepted");
        output.err(`notify: ${names(refused)} refused this release and will not accept it`);
        return EXIT.notAccepted;
      }
      waitMs = pauseMs;
      pauseMs *= 2;
      waiting = `${names(retryable)} not answered for good yet`;
    } else {
      waitMs = answer.retryAfterSeconds * 1000;
      waiting = answer.message;
    }
    if (Date.now() + waitMs > deadline) {
      output.err(`notify: gave up after ${waitSeconds} s (--wait): ${waiting}`);
      return EXIT.notAccepted;
    }
    output.out(`Asking again in ${Math.ceil(waitMs / 1000)} s: ${waiting}`);
    await sleep(waitMs);
  }
}

if (import.meta.main) {
  const status = await notify(process.argv.slice(2), process.env, CONSOLE);
  process.exit(status);
}
