/**
 * The Bun entry point: describes Bun to `lib/app/start.ts`, which starts what the site
 * serves (`lib/features.ts`). Elysia's own `listen()` serves the app, with the server
 * options the app carries (`lib/http/server-options.ts`); `Bun.serve` serves the metrics'
 * bare handler with the same options.
 */

import { basename } from "node:path";
import type { Server } from "bun";
import { type Runtime, start } from "./lib/app/start.ts";
import { SITE } from "./lib/features.ts";
import { internalError } from "./lib/http/errors.ts";
import { SERVER_OPTIONS } from "./lib/http/server-options.ts";
import { ListenError, type ListenFailure } from "./lib/runtime/listen-error.ts";
import { fromNodeModules, type PackageFiles } from "./lib/runtime/package-files.ts";

/** e.g. `http://127.0.0.1:3000`, `http://[::1]:3000`. */
function urlOf(hostname: string, port: number | undefined): string {
  return `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
}

/** The system's codes Bun's listen errors carry, as Node's do, and what each means here. */
const LISTEN_FAILURES: Readonly<Record<string, ListenFailure>> = {
  EADDRINUSE: "in use",
  EADDRNOTAVAIL: "not available",
};

/** Runs `listen`; a failure Bun names by its code becomes a `ListenError`. */
function listening<T>(listen: () => T): T {
  try {
    return listen();
  } catch (error) {
    const failure = LISTEN_FAILURES[(error as { code?: unknown })?.code as string];
    throw failure ? new ListenError(failure, error) : error;
  }
}

/**
 * The executable carries the package files the features name, by their file name
 * (`scripts/build.ts`); run from source, they are in node_modules.
 */
const packageFile: PackageFiles = (path) => {
  const embedded = Bun.embeddedFiles.find(
    (file) => (file as Blob & { name?: string }).name === basename(path),
  );
  return embedded ? embedded.bytes() : fromNodeModules(path);
};

export const bun: Runtime = {
  name: `bun ${Bun.version}`,
  env: process.env,
  args: process.argv.slice(2),
  stdoutIsTerminal: () => Boolean(process.stdout.isTTY),
  out: (lines) => console.log(lines),
  err: (text) => console.error(text),
  exit: (code) => process.exit(code),
  onSignal: (signal, listener) => process.on(signal, listener),
  httpServer() {
    // Bun tells of a request's connection through the server that received it: the one
    // Elysia's `listen()` makes, which no request reaches before it exists.
    let server: Server<undefined> | undefined;
    return {
      connections: {
        peerAddress: (request) => server?.requestIP(request)?.address,
        allowQuiet: (request, seconds) => server?.timeout(request, seconds),
      },
      async listen(app, { host, port }) {
        listening(() => app.listen({ hostname: host, port }));
        server = app.server ?? undefined;
        return {
          url: urlOf(host, server?.port),
          stop: async () => {
            // Stops accepting; requests in flight go on.
            const stopped = app.stop();
            // Bun's stop() resolves only once every connection has closed, and after a streamed
            // answer a client ended, one the client opened without a request (a browser's spare)
            // holds it until the client closes it (docs/pitfalls.md). Requests in flight are what
            // the drain waits for: once none is left, the rest are closed.
            while ((server?.pendingRequests ?? 0) > 0) await Bun.sleep(10);
            await server?.stop(true);
            await stopped;
          },
        };
      },
    };
  },
  packageFile,
  async serve(fetch, { host, port }) {
    const server = listening(() =>
      Bun.serve({ ...SERVER_OPTIONS, error: () => internalError(), hostname: host, port, fetch }),
    );
    return { url: urlOf(host, server.port), stop: () => server.stop() };
  },
};

// Not awaited: the executable's bytecode cannot hold a top-level await.
if (import.meta.main) void start(bun, SITE);
