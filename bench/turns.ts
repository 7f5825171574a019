/**
 * Two servers driven in turns a tenth of a second long: each by its own `wrk`, paused
 * (SIGSTOP) while the other's turn runs. Each server has its core to itself and all its
 * connections, as in a run of its own, and the two sides of a round are never more than
 * a turn apart, so they meet the same host. Runs of 1 s one after the other (wrk's
 * shortest) met different hosts: on this machine a server's throughput moves from one
 * second to the next by more than the app's cost, and that decided single rounds
 * (docs/decisions/2026-11-21-bench-rounds-in-turns.md).
 *
 * A paused wrk counts late every response that arrived while it slept, so the latency
 * it reports is not the server's: take latency from runs of their own (`load`).
 */
import type { ChildProcess } from "node:child_process";
import { GENERATOR, type LoadOptions, load, parseWrk, runOnLoadCore, wrkArgs } from "./load.ts";

export interface Throughput {
  /** Requests answered per second of the side's own turns. */
  readonly requestsPerSecond: number;
  readonly requests: number;
  /** Non-2xx/3xx answers and socket errors. */
  readonly errors: number;
}

/** wrk processes paused right now: killed if this process exits, or they would wait forever. */
const paused = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of paused) child.kill("SIGKILL");
});

/** One side's wrk, and how long it has been let run. */
class Side {
  readonly #child: ChildProcess;
  readonly #output: Promise<string>;
  #ranMs = 0;
  #since: number;
  #running = true;
  #exited = false;

  /** Starts the side's wrk: its first turn begins now. */
  constructor(options: LoadOptions) {
    this.#since = performance.now();
    const run = runOnLoadCore(wrkArgs(options));
    this.#child = run.child;
    this.#output = run.output.then((out) => {
      this.#exited = true;
      paused.delete(run.child);
      if (this.#running) this.#ranMs += performance.now() - this.#since;
      return out;
    });
  }

  get exited(): boolean {
    return this.#exited;
  }

  /** One turn: runs for `ms`, or until wrk ends on its own. */
  async turn(ms: number): Promise<void> {
    if (!this.#running) {
      this.#running = true;
      this.#since = performance.now();
      paused.delete(this.#child);
      this.#child.kill("SIGCONT");
    }
    await Promise.race([Bun.sleep(ms), this.#output]);
    if (this.#exited) return;
    this.#child.kill("SIGSTOP");
    this.#ranMs += performance.now() - this.#since;
    this.#running = false;
    paused.add(this.#child);
  }

  async result(): Promise<Throughput> {
    const { requests, errors } = parseWrk(await this.#output);
    return { requestsPerSecond: requests / (this.#ranMs / 1000), requests, errors };
  }
}

export interface TurnsOptions {
  /** What each side is given, in turns. */
  readonly seconds: number;
  readonly turnMs: number;
}

/**
 * `first` and `second` in alternate turns, `first` starting, for about `seconds` each.
 * wrk cannot be stopped by a signal in time (its SIGINT handler may run on a worker
 * thread while the main one sleeps out the duration), so each is given twice its
 * seconds, the turns taking half of them, and the turns go on until both have ended.
 * Without wrk (autocannon cannot be paused), one run of each, one after the other.
 */
export async function inTurns(
  first: Omit<LoadOptions, "seconds">,
  second: Omit<LoadOptions, "seconds">,
  { seconds, turnMs }: TurnsOptions,
): Promise<[Throughput, Throughput]> {
  if (GENERATOR !== "wrk") return [await load({ ...first, seconds }), await load({ ...second, seconds })];
  const sides: Side[] = [];
  for (const options of [first, second]) {
    const side = new Side({ ...options, seconds: 2 * seconds });
    sides.push(side);
    await side.turn(turnMs);
  }
  while (sides.some((side) => !side.exited)) {
    for (const side of sides) if (!side.exited) await side.turn(turnMs);
  }
  const [a, b] = sides as [Side, Side];
  return [await a.result(), await b.result()];
}
