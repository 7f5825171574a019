/**
 * `bun run bench:ab`: two builds of the server against each other, in turns, on the bench's
 * cases: what a change costs or saves, to the per cent. Each command is run as it is, with
 * PORT and HOST set; B/A above 1 means B answers more requests a second.
 *
 *   bun run bench:ab --a "bun server.ts" --b "bun ../other-checkout/server.ts" [--rounds 7] [--only ping]
 */
import { startServerProcess } from "../scripts/loopback.ts";
import { ALL_CASES, median } from "./cases.ts";
import { onServerCore } from "./cores.ts";
import { inTurns } from "./turns.ts";

const args = process.argv.slice(2);
const argument = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const [a, b] = [argument("--a"), argument("--b")];
if (!a || !b) {
  console.error('usage: bun run bench:ab --a "COMMAND" --b "COMMAND" [--rounds N] [--only TEXT]');
  process.exit(2);
}
const rounds = Number(argument("--rounds") ?? 7);
const cases = ALL_CASES.filter(({ name }) => name.includes(argument("--only") ?? ""));
const servers = [
  await startServerProcess(onServerCore(["bash", "-c", `exec ${a}`])),
  await startServerProcess(onServerCore(["bash", "-c", `exec ${b}`])),
] as const;
const TURNS = { seconds: 1, turnMs: 100 };

for (const { name, path, headers } of cases) {
  const [first, second] = servers.map((server) => ({
    url: `${server.url}${path}`,
    headers,
    connections: 64,
  }));
  if (!first || !second) break;
  await inTurns(first, second, TURNS); // warm-up, discarded
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Who goes first alternates between rounds.
    const [ofA, ofB] =
      round % 2 === 0 ? await inTurns(first, second, TURNS) : (await inTurns(second, first, TURNS)).reverse();
    if (ofA && ofB) ratios.push(ofB.requestsPerSecond / ofA.requestsPerSecond);
  }
  console.log(
    `${name}: B/A ${median(ratios).toFixed(3)}  (rounds ${ratios.map((r) => r.toFixed(2)).join(" ")})`,
  );
}
for (const server of servers) await server.stop();
