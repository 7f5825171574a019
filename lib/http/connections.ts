/**
 * @module What the runtime knows of a request's connection, which a `Request` does not
 * carry: the address it comes from, and how long it may stay quiet. Each entry point says
 * how its runtime tells (`Runtime.connections`); an app built for a test, with no server,
 * knows neither.
 */

export interface Connections {
  /** The address the request's connection comes from; undefined when the runtime cannot say. */
  peerAddress(request: Request): string | undefined;
  /**
   * Lets the request's connection stay quiet for `seconds` before the server closes it. Bun
   * closes a connection with nothing written for its idle timeout, even in the middle of a
   * streamed answer; Deno does not.
   */
  allowQuiet(request: Request, seconds: number): void;
}

/** For an app with no server: no address, and nothing to allow. */
export const NO_CONNECTIONS: Connections = {
  peerAddress: () => undefined,
  allowQuiet: () => {},
};
