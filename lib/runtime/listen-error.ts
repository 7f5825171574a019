/**
 * @module Why an address could not be listened on, in the runtime's own documented terms
 * (Bun's `EADDRINUSE` code, Deno's `Deno.errors.AddrInUse`...). Each entry point throws
 * it from `listen` and `serve`, so that `start` can refuse in one line naming the
 * variable behind the address. A module of its own, shared by both entry points and
 * `start.ts`.
 */

/**
 * `in use`: another socket holds the port; `not available`: the host is not this machine's;
 * `not permitted`: a port below 1024 without the privilege to bind it.
 */
export type ListenFailure = "in use" | "not available" | "not permitted";

export class ListenError extends Error {
  readonly failure: ListenFailure;

  constructor(failure: ListenFailure, cause: unknown) {
    super(`address ${failure}`, { cause });
    this.name = "ListenError";
    this.failure = failure;
  }
}
