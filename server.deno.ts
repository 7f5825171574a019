/**
 * The Deno entry point: describes Deno to `lib/app/start.ts`, which starts what the site
 * serves (`lib/features.ts`). `Deno.serve` serves the app's fetch handler, and the
 * metrics' bare one, with the server options Deno understands
 * (`lib/http/server-options.ts`). Run it with `deno task start`.
 */

import { type HttpServer, type Listening, type Runtime, start } from "./lib/app/start.ts";
import { SITE } from "./lib/features.ts";
import type { Connections } from "./lib/http/connections.ts";
import { internalError } from "./lib/http/errors.ts";
import { SERVER_OPTIONS } from "./lib/http/server-options.ts";
import type { ListenAddress } from "./lib/runtime/config.ts";
import { ListenError, type ListenFailure } from "./lib/runtime/listen-error.ts";

/** Deno's documented listen errors, and what each means here. */
const LISTEN_FAILURES: readonly [new (...args: never[]) => Error, ListenFailure][] = [
  [Deno.errors.AddrInUse, "in use"],
  [Deno.errors.AddrNotAvailable, "not available"],
];

/** How long answers still being written get once every handler has answered, before the drain ends. */
const LAST_WRITES_MS = 1000;

/**
 * Serves `fetch` at `address`; resolves once it listens, rejects with a `ListenError` when it
 * cannot. `onError` answers what escapes `fetch`; `peers` learns each request's address.
 */
function serve(
  fetch: (request: Request) => Response | Promise<Response>,
  { host, port }: ListenAddress,
  onError: (error: unknown) => Response = () => internalError(),
  peers = new WeakMap<Request, string>(),
) {
  // Handlers that have not yet returned their answer: the drain waits for them.
  let answering = 0;
  return new Promise<Listening>((resolve, reject) => {
    const options: Deno.ServeTcpOptions = {
      hostname: host,
      port,
      reusePort: SERVER_OPTIONS.reusePort,
      onError,
      onListen(address) {
        const shown = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
        resolve({ url: `http://${shown}:${address.port}`, stop });
      },
    };
    /**
     * shutdown() stops accepting and waits for every connection to end. A connection whose
     * request was answered while its body still arrives (a 408 to a client that trickles it)
     * ends only when the body does, whatever the answer said, and Deno has no way to close
     * one (closing them all after shutdown() throws). So once every handler has answered,
     * what is still being written gets a moment; the process exits after the drain anyway.
     */
    async function stop() {
      const ended = server.shutdown();
      while (answering > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, LAST_WRITES_MS))]);
    }
    let server: Deno.HttpServer;
    try {
      server = Deno.serve(options, async (request, info) => {
        peers.set(request, info.remoteAddr.hostname);
        answering++;
        try {
          return await fetch(request);
        } finally {
          answering--;
        }
      });
    } catch (error) {
      const failure = LISTEN_FAILURES.find(([type]) => error instanceof type)?.[1];
      reject(failure ? new ListenError(failure, error) : error);
    }
  });
}

export const deno: Runtime = {
  name: `deno ${Deno.version.deno}`,
  env: Deno.env.toObject(),
  args: Deno.args,
  stdoutIsTerminal: () => Deno.stdout.isTerminal(),
  out: (lines) => console.log(lines),
  err: (text) => console.error(text),
  exit: (code) => Deno.exit(code),
  onSignal: (signal, listener) => Deno.addSignalListener(signal, listener),
  httpServer(): HttpServer {
    // The address each request came from, as `Deno.serve` tells its handler.
    const peers = new WeakMap<Request, string>();
    const connections: Connections = {
      peerAddress: (request) => peers.get(request),
      // Deno keeps a streamed answer's connection open however quiet it is.
      allowQuiet: () => {},
    };
    return {
      connections,
      // The app's own answer to an error that escapes it, as Bun is given it (`serve.error`).
      listen: (app, address) =>
        serve(
          (request) => app.fetch(request),
          address,
          app.config.serve?.error as (error: unknown) => Response,
          peers,
        ),
    };
  },
  serve: (fetch, address) => serve(fetch, address),
};

// Not awaited: the executable's bytecode cannot hold a top-level await.
if (import.meta.main) void start(deno, SITE);
