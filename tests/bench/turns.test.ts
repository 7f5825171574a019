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
  const [first, second] = await inTurns(target(a), target(b), { seconds: 1, turnMs: TURN_MS });

  // wrk does not read what was still on its way when it ended: at most one per connection.
  const byA = answered.filter((side) => side === "a").length;
  const byB = answered.length - byA;
  expect(byA - first.requests).toBeWithin(0, CONNECTIONS + 1);
  expect(byB - second.requests).toBeWithin(0, CONNECTIONS + 1);
  expect(first.errors + second.errors).toBe(0);

  // A turn is a long run of one side: about ten a side (1 s in turns of 100 ms), a
  // first; a busy machine may stretch them, so half of that is asked (one side after the
  // other would make two). Only the requests a paused wrk still had on their way, one
  // per connection, are answered in the other's turn, mixed in with its first ones. Two
  // wrks running at once would have the servers take turns a few requests at a time.
  const all = runs(answered);
  const turns = all.filter(([, length]) => length > 2 * CONNECTIONS);
  const inTurnsAnswered = turns.reduce((sum, [, length]) => sum + length, 0);
  expect(turns[0]?.[0]).toBe("a");
  expect(turns.length).toBeGreaterThanOrEqual(1000 / TURN_MS);
  expect(inTurnsAnswered / answered.length).toBeGreaterThan(0.95);
  // Each side's rate is over its own turns, which add up to about a second.
  expect(first.requests / first.requestsPerSecond).toBeWithin(0.9, 1.5);
  expect(second.requests / second.requestsPerSecond).toBeWithin(0.9, 1.5);
});
