/**
 * @module Why an address could not be listened on, in the runtime's own documented terms
 * (Bun's `EADDRINUSE` code, Deno's `Deno.errors.AddrInUse`...). Each entry point throws
 * it from `listen` and `serve`, and a feature's `open` from its own ports, so that `start`
 * can refuse in one line naming the variable behind the address.
 */
import type { ListenAddress } from "./config.ts";

/**
 * `in use`: another socket holds the port; `not available`: the host is not this machine's;
 * `not permitted`: a port below 1024 without the privilege to bind it.
 */
export type ListenFailure = "in use" | "not available" | "not permitted";

/** The variables behind an address, for a refusal to name: `{ host: "HOST", port: "SSH_PORT" }`. */
export interface AddressVariables {
  readonly host: string;
  readonly port: string;
}

export class ListenError extends Error {
  readonly failure: ListenFailure;
  /** Which address, and the variables that set it; undefined until whoever listened says. */
  readonly at: { readonly variables: AddressVariables; readonly address: ListenAddress } | undefined;

  constructor(
    failure: ListenFailure,
    cause: unknown,
    at?: { readonly variables: AddressVariables; readonly address: ListenAddress },
  ) {
    super(`address ${failure}`, { cause });
    this.name = "ListenError";
    this.failure = failure;
    this.at = at;
  }

  /** The same failure, said of `address`, which `variables` set. */
  of(variables: AddressVariables, address: ListenAddress): ListenError {
    return new ListenError(this.failure, this.cause, { variables, address });
  }
}
