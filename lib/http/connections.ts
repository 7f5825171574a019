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
   * streamed answer; Deno does not. A short time closes a dropped connection soon.
   */
  allowQuiet(request: Request, seconds: number): void;
}

/**
 * What a streamed answer is ended with when the app drops its client on purpose (one that
 * stopped reading): the runtime hands it to the server's error handler, which, knowing it,
 * logs and counts nothing more; the stream's ending was counted already.
 */
export class DroppedConnection extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "DroppedConnection";
  }
}

/**
 * Who a request comes from, for a limit per client: on Fly.io, the address its proxy says
 * in `Fly-Client-IP` (every connection there is the proxy's); elsewhere, where that header
 * is anyone's to send, the connection's own address. Undefined when neither is known.
 */
export function clientAddress(
  request: Request,
  connections: Connections,
  behindFlyProxy: boolean,
): string | undefined {
  const fromFly = behindFlyProxy ? request.headers.get("fly-client-ip") : null;
  return fromFly ?? connections.peerAddress(request);
}

/** For an app with no server: no address, and nothing to allow. */
export const NO_CONNECTIONS: Connections = {
  peerAddress: () => undefined,
  allowQuiet: () => {},
};
