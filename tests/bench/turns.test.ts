/**
 * The benchmark's rounds (`bench/turns.ts`): two servers driven by two `wrk`s in turns,
 * each `wrk` paused during the other's turns, so each server is driven alone and only
 * in its own turns, and each side's figures are its own requests.
 */
import { afterAll, expect, test } from "bun:test";
import { inTurns } from "../../bench/turns.ts";

/** Which server answered each request, in the order they were answered. */
const answered: ("a" | "b")[] = [];
const serve = (side: "a" | "b") =>
  Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch() {
      answered.push(side);
      return new Response("ok");
    },
  });
const a = serve("a");
const b = serve("b");
afterAll(() => {
  a.stop(true);
  b.stop(true);
});

/** The runs of one side in `sequence`, as [side, length]: a, a, b, a gives [a, 2], [b, 1], [a, 1]. */
function runs(sequence: readonly string[]): [string, number][] {
  const found: [string, number][] = [];
  for (const side of sequence) {
    const last = found.at(-1);
    if (last?.[0] === side) last[1] += 1;
    else found.push([side, 1]);
  }
  return found;
}

const CONNECTIONS = 4;
const TURN_MS = 100;
const target = (server: typeof a) => ({ url: `${server.url}`, headers: {}, connections: CONNECTIONS });

test("each server is driven only in its own turns, and counts only its own requests", async () => {
  const began = performance.now();
  const [first, second] = await inTurns(target(a), target(b), { seconds: 1, turnMs: TURN_MS });
  const elapsedS = (performance.now() - began) / 1000;

  // wrk does not read what was still on its way when it ended: at most one per connection.
  const byA = answered.filter((side) => side === "a").length;
  const byB = answered.length - byA;
  expect(byA - first.requests).toBeWithin(0, CONNECTIONS + 1);
  expect(byB - second.requests).toBeWithin(0, CONNECTIONS + 1);
  expect(first.errors + second.errors).toBe(0);

  // A turn is a long run of one side. Only the requests a paused wrk still had on their way,
  // one per connection, are answered in the other's turn, mixed in with its first ones; two
  // wrks running at once would have the servers take turns a few requests at a time. How
  // many turns there are, and how many requests each gets, is the machine's to say: a busy
  // one starts a wrk late, or lets a turn run long. So what is asked holds on any machine:
  // both sides had turns, and the runs of one side number no more than the turns' edges can
  // make (two wrks at once make thousands).
  const all = runs(answered);
  const turns = all.filter(([, length]) => length > 2 * CONNECTIONS);
  expect(new Set(turns.map(([side]) => side))).toEqual(new Set(["a", "b"]));
  // Every turn but a side's last lasts TURN_MS or more; at each edge, the requests still on
  // their way (one per connection) can split the new turn's first ones into as many runs again.
  const mostTurns = (elapsedS * 1000) / TURN_MS + 2;
  expect(all.length).toBeLessThanOrEqual(mostTurns * (2 * CONNECTIONS + 1));

  // Each side's rate is over its own turns: one side runs at a time, so their run times add
  // up to the rounds' time, not to twice wrk's duration each.
  const ranS = first.requests / first.requestsPerSecond + second.requests / second.requestsPerSecond;
  expect(ranS).toBeLessThanOrEqual(elapsedS);
  expect(ranS).toBeGreaterThan(0.8 * elapsedS);
});
