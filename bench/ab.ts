/**
 * `bun run bench:ab`: two builds of the server against each other, in turns, on the bench's
 * cases: what a change costs or saves, to the per cent. Each command is run as it is, with
 * PORT and HOST set; B/A above 1 means B answers more requests a second. Here `$OTHER`
 * is a second checkout of the commit to compare:
 *
 *   bun run bench:ab --a "bun server.ts" --b "bun $OTHER/server.ts" [--rounds 7] [--only ping]
 */
import { CONSOLE, readCommandLine, refuse } from "../lib/runtime/command-line.ts";
import { startServerProcess } from "../scripts/loopback.ts";
import { benchCases, CASE_OPTIONS, casesNamed, median } from "./cases.ts";
import { onServerCore } from "./cores.ts";
import { startLiveSource } from "./live-source.ts";
import { type Pair, roundInTurns } from "./rounds.ts";

/** Rounds a case without `--rounds`. */
const DEFAULT_ROUNDS = 7;

const COMMAND = {
  name: "bun run bench:ab",
  usage: `usage: bun run bench:ab --a "COMMAND" --b "COMMAND" [--rounds N] [--only TEXT]

Runs two server commands (PORT and HOST set) against each other in turns on the
bench's cases, and prints B/A per case: above 1, B answers more a second.

Options:
  --a COMMAND  the first server, run with bash (e.g. "bun $OTHER/server.ts")
  --b COMMAND  the second
  --rounds N   rounds a case (default ${DEFAULT_ROUNDS})
  --only TEXT  only the cases whose name contains TEXT
  -h, --help   this text

Exit status:
  0  measured
  2  a usage error: --a or --b missing`,
  options: {
    a: { type: "string" },
    b: { type: "string" },
    ...CASE_OPTIONS,
  },
  positionals: false,
} as const;
const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const { a, b } = read.values;
if (!a || !b) process.exit(refuse(COMMAND, CONSOLE, "--a and --b are both needed"));
const rounds = Number(read.values.rounds ?? DEFAULT_ROUNDS);
// Both builds read the same stand-in GitHub, as the bench's app does, and have the same
// origin: the cases are read from the first, and WebFinger's question names its origin,
// which on its own port alone the second would answer with a 404.
const live = startLiveSource();
const env = { ...live.env, SITE_URL: "http://localhost:3000" };
const servers: Pair = [
  await startServerProcess(onServerCore(["bash", "-c", `exec ${a}`]), { env }),
  await startServerProcess(onServerCore(["bash", "-c", `exec ${b}`]), { env }),
];
const cases = casesNamed(await benchCases(servers[0]), read.values.only);

for (const benchCase of cases) {
  await roundInTurns(0, servers, benchCase); // warm-up, discarded
  const ratios: number[] = [];
  for (let number = 0; number < rounds; number++) {
    const [ofA, ofB] = await roundInTurns(number, servers, benchCase);
    ratios.push(ofB.requestsPerSecond / ofA.requestsPerSecond);
  }
  console.log(
    `${benchCase.name}: B/A ${median(ratios).toFixed(3)}  (rounds ${ratios.map((r) => r.toFixed(2)).join(" ")})`,
  );
}
for (const server of servers) await server.stop();
live.stop();
