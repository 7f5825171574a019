/**
 * Waits until the site answers `GET /api/ping` with the given commit in its version:
 * the new release, not an old machine still serving. With `--machines`, every started
 * machine of a Fly app must say so, each asked in turn through Fly's
 * `fly-force-instance-id` header (https://fly.io/docs/networking/dynamic-request-routing/);
 * the list is what `fly machines list --json` prints. Exit 1 after the timeout.
 *
 *   bun run release:wait https://site.example 0123abcd... [timeoutSeconds=180]
 *   fly machines list --json | bun run release:wait https://site.example 0123abcd... --machines -
 */
import { readFileSync } from "node:fs";
import { CONSOLE, readCommandLine, USAGE_ERROR } from "../lib/runtime/command-line.ts";

const USAGE = "usage: bun run release:wait SITE_URL COMMIT [timeoutSeconds] [--machines FILE|-]";

const COMMAND = {
  name: "bun run release:wait",
  usage: `${USAGE}

Waits until SITE_URL's GET /api/ping reports COMMIT in its version: the new
release answers, not an old machine. With --machines, every started machine of a
Fly app must say so, each asked in turn with fly-force-instance-id.

Arguments:
  SITE_URL        the deployed site, e.g. https://site.example
  COMMIT          the commit deployed, 7 to 40 hex digits
  timeoutSeconds  how long to wait in all (default: 180)

Options:
  --machines FILE|-  what \`fly machines list --json\` prints, from FILE or stdin
                     (-); stopped machines are named and skipped
  -h, --help         this text

Exit status:
  0  every machine asked answers with COMMIT
  1  still not on COMMIT when the time ran out
  2  a usage error, or a --machines list that is not that JSON`,
  options: { machines: { type: "string" } },
  positionals: true,
} as const;

const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const { values, positionals } = read;
const [siteUrl, commit, timeout = "180"] = positionals;
if (!siteUrl || !commit || !/^[0-9a-f]{7,40}$/.test(commit) || !(Number(timeout) >= 0)) {
  console.error(USAGE);
  process.exit(USAGE_ERROR);
}

interface FlyMachineEntry {
  readonly id: string;
  readonly state?: string;
  readonly region?: string;
}

/** The started machines of `fly machines list --json`; stopped ones start on the new image. */
function startedMachines(source: string): FlyMachineEntry[] {
  const text = readFileSync(source === "-" ? 0 : source, "utf8");
  const list = JSON.parse(text) as FlyMachineEntry[];
  if (!Array.isArray(list) || !list.every((entry) => typeof entry?.id === "string")) {
    throw new Error("--machines: expected the JSON array `fly machines list --json` prints");
  }
  for (const machine of list.filter((entry) => entry.state !== "started")) {
    console.log(
      `${machine.id} (${machine.region ?? "?"}) is ${machine.state ?? "not started"}: it starts on the new release`,
    );
  }
  return list.filter((entry) => entry.state === "started");
}

let machines: (FlyMachineEntry | undefined)[];
try {
  machines = values.machines === undefined ? [undefined] : startedMachines(values.machines);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(USAGE_ERROR);
}

const short = commit.slice(0, 12);
const deadline = Date.now() + Number(timeout) * 1000;
const pollMs = Number(process.env.RELEASE_WAIT_POLL_MS ?? 2000);

/** Asks one machine (or whichever the proxy picks); says what it answered. */
async function ask(machine: FlyMachineEntry | undefined): Promise<{ done: boolean; said: string }> {
  try {
    const response = await fetch(`${siteUrl?.replace(/\/+$/, "")}/api/ping`, {
      headers: {
        "user-agent": "release-wait",
        accept: "application/json",
        ...(machine && { "fly-force-instance-id": machine.id }),
      },
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as { version?: string; machine?: string };
    const fromIt = !machine || body.machine === machine.id;
    const done = response.status === 200 && fromIt && Boolean(body.version?.endsWith(`+${short}`));
    const who = machine ? ` from ${body.machine ?? "a machine that did not say which"}` : "";
    return { done, said: `${response.status} ${body.version ?? "without a version"}${who}` };
  } catch (error) {
    return { done: false, said: String(error) };
  }
}

for (const machine of machines) {
  const name = machine ? `machine ${machine.id}` : siteUrl;
  for (;;) {
    const { done, said } = await ask(machine);
    if (done) {
      console.log(`${name} answers with ${said}`);
      break;
    }
    if (Date.now() > deadline) {
      console.error(`${name} still not on ${short} after ${timeout} s (last: ${said})`);
      process.exit(1);
    }
    await Bun.sleep(pollMs);
  }
}
