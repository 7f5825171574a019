/**
 * @module How the bench measures two servers on one case, for `bun run bench` and
 * `bun run bench:ab` alike: what the load generator is pointed at, and rounds in turns
 * (`turns.ts`) whose first side alternates from one round to the next.
 */
import type { ServerProcess } from "../scripts/loopback.ts";
import type { BenchCase } from "./cases.ts";
import { inTurns, type Throughput, type TurnsOptions } from "./turns.ts";

/** Each side of a round gets 1 s, in turns of 0.1 s: a burst of noise from the host falls on both alike. */
export const TURNS: TurnsOptions = { seconds: 1, turnMs: 100 };
export const CONNECTIONS = 64;

export type Pair = readonly [ServerProcess, ServerProcess];

/** What the load generator is pointed at: one case on one server. */
export function target(server: ServerProcess, { path, headers }: BenchCase) {
  return { url: `${server.url}${path}`, headers, connections: CONNECTIONS };
}

/**
 * Measures the pair with `measure(first, second)`, the first being `a` in even rounds
 * and `b` in odd ones, so neither side is always first; the figures come back as `[a, b]`.
 */
export async function inAlternateOrder<T>(
  number: number,
  [a, b]: Pair,
  measure: (first: ServerProcess, second: ServerProcess) => Promise<[T, T]>,
): Promise<[T, T]> {
  if (number % 2 === 0) return measure(a, b);
  const [second, first] = await measure(b, a);
  return [first, second];
}

/** Round `number` of a case: both sides in turns, as `[a, b]`. */
export function roundInTurns(
  number: number,
  pair: Pair,
  benchCase: BenchCase,
): Promise<[Throughput, Throughput]> {
  return inAlternateOrder(number, pair, (first, second) =>
    inTurns(target(first, benchCase), target(second, benchCase), TURNS),
  );
}
