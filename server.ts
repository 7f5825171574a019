/**
 * The Bun entry point: describes the runtime to `lib/start.ts` and listens. `main` is
 * exported so a test fixture can serve extra routes through the very same code.
 */
import type { AppOptions } from "./lib/http/app.ts";
import { internalError } from "./lib/http/errors.ts";
import { LIMITS } from "./lib/http/limits.ts";
import { nativeRoutes } from "./lib/http/native-routes.ts";
import { importStart } from "./lib/runtime/import-start.ts";
import type { Runtime } from "./lib/runtime/start.ts";

// Without it, an error escaping Elysia would get Bun's development error page.
process.env.NODE_ENV ??= "production";

const bun: Runtime = {
  name: `bun ${Bun.version}`,
  env: process.env,
  args: process.argv.slice(2),
  stdoutIsTerminal: () => Boolean(process.stdout.isTTY),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  exit: (code) => process.exit(code),
  onSignal: (signal, listener) => process.on(signal, listener),
};

export async function main(options: Pick<AppOptions, "routes"> = {}) {
  const { announce, drainOnSignal, prepare } = await importStart(bun);
  const prepared = prepare(bun, options);
  const { host, port } = prepared.config;
  const server = Bun.serve({
    hostname: host,
    port,
    // A second server on a busy port must fail, not silently share its connections.
    reusePort: false,
    development: false,
    // The backstop behind the 413 envelope: Bun answers an empty 413 above it.
    maxRequestBodySize: LIMITS.serverBodyBytes,
    // The app's fixed paths on Bun's router; everything else through the app's fetch.
    routes: nativeRoutes(prepared.app, prepared.logged),
    fetch: prepared.fetch,
    error: () => internalError(),
  });
  announce(bun, prepared, `http://${host.includes(":") ? `[${host}]` : host}:${server.port}`);
  // Without `true`, stop() lets requests in flight finish and resolves when they have.
  drainOnSignal(bun, prepared, () => server.stop());
  return server;
}

if (import.meta.main) void main();
