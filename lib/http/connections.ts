/**
 * @module What the runtime knows of a request's connection, which a `Request` does not
 * carry: the address it comes from, and how long it may stay quiet. Each entry point says
 * how its runtime tells (`Runtime.connections`); an app built for a test, with no server,
 * knows neither. The site sees them through `SiteConnections`, which says once who a
 * request's client is, for every limit per client.
 */
import { clientKey } from "../utils/slots.ts";

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
 * What the site's routes and features know of a connection, built once by the app from the
 * runtime's `Connections`: how long a request's may stay quiet, whether every connection
 * reaches this process through Fly.io's proxy, and so who a request's client is.
 */
export interface SiteConnections extends Pick<Connections, "allowQuiet"> {
  /**
   * On Fly.io every connection, HTTP's or a door's, comes from Fly's proxy: the peer is the
   * proxy, and only the proxy's word says who the client is. Elsewhere the peer is the client.
   */
  readonly behindFlyProxy: boolean;
  /**
   * The key a request's client is counted under, for a limit per client (`clientKey`, an
   * IPv6 address by its /64): on Fly, the address its proxy says in `Fly-Client-IP`;
   * elsewhere, where that header is anyone's to send, the connection's own address;
   * `unknown` when neither is known (an app with no server).
   */
  clientKey(request: Request): string;
}

/** The site's view of `runtime`'s connections, behind Fly's proxy or not. */
export function siteConnections(runtime: Connections, behindFlyProxy: boolean): SiteConnections {
  return {
    behindFlyProxy,
    allowQuiet: (request, seconds) => runtime.allowQuiet(request, seconds),
    clientKey(request) {
      const fromFly = behindFlyProxy ? request.headers.get("fly-client-ip") : null;
      return clientKey(fromFly ?? runtime.peerAddress(request) ?? "unknown");
    },
  };
}

/** For an app with no server: no address, and nothing to allow. */
export const NO_CONNECTIONS: Connections = {
  peerAddress: () => undefined,
  allowQuiet: () => {},
};
