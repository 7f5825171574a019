/**
 * The Deno entry point: describes the runtime to `lib/start.ts` and serves the same app
 * with `Deno.serve` (Elysia's `.listen()` is Bun-only). Run it with `deno task start`.
 */
import type { AppOptions } from "./lib/http/app.ts";
import { importStart } from "./lib/runtime/import-start.ts";
import type { Runtime } from "./lib/runtime/start.ts";

const deno: Runtime = {
  name: `deno ${Deno.version.deno}`,
  env: Deno.env.toObject(),
  args: Deno.args,
  stdoutIsTerminal: () => Deno.stdout.isTerminal(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  exit: (code) => Deno.exit(code),
  onSignal: (signal, listener) => Deno.addSignalListener(signal, listener),
};

/** Serves the app; `routes` lets a test fixture add its own. */
export async function main(options: Pick<AppOptions, "routes"> = {}) {
  const { announce, drainOnSignal, prepare } = await importStart(deno);
  const prepared = prepare(deno, options);
  const { host, port } = prepared.config;
  const server = Deno.serve(
    {
      hostname: host,
      port,
      reusePort: false,
      onListen: (address) => {
        const shown = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
        announce(deno, prepared, `http://${shown}:${address.port}`);
      },
    },
    prepared.fetch,
  );
  // shutdown() stops accepting and resolves once requests in flight have finished.
  drainOnSignal(deno, prepared, () => server.shutdown());
  return server;
}

if (import.meta.main) void main();
