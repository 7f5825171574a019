/**
 * `bun run bench:ab`: two builds of the server against each other, in turns, on the bench's
 * cases: what a change costs or saves, to the per cent. Each command is run as it is, with
 * PORT and HOST set; B/A above 1 means B answers more requests a second. Here `$OTHER`
 * is a second checkout of the commit to compare:
 *
 *   bun run bench:ab --a "bun server.ts" --b "bun $OTHER/server.ts" [--rounds 7] [--only ping]
 */
import { parseArgs } from "node:util";
import { startServerProcess } from "../scripts/loopback.ts";
import { ALL_CASES, median } from "./cases.ts";
import { onServerCore } from "./cores.ts";
import { startLiveSource } from "./live-source.ts";
import { type Pair, roundInTurns } from "./rounds.ts";

const { values: options } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    rounds: { type: "string", default: "7" },
    only: { type: "string", default: "" },
  },
});
const { a, b } = options;
if (!a || !b) {
  console.error('usage: bun run bench:ab --a "COMMAND" --b "COMMAND" [--rounds N] [--only TEXT]');
  process.exit(2);
}
const rounds = Number(options.rounds);
const cases = ALL_CASES.filter(({ name }) => name.includes(options.only));
// Both builds read the same stand-in GitHub, as the bench's app does.
const live = startLiveSource();
const env = live.env;
const servers: Pair = [
  await startServerProcess(onServerCore(["bash", "-c", `exec ${a}`]), { env }),
  await startServerProcess(onServerCore(["bash", "-c", `exec ${b}`]), { env }),
];

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
