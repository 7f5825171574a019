/**
 * The Bun entry point: reads the configuration, builds the app, listens, and drains
 * requests in flight on SIGTERM/SIGINT. Everything else lives in lib/ and routes/.
 */
import { createApp } from "./lib/app.ts";
import { ConfigError, loadConfig } from "./lib/config.ts";
import { ContentError } from "./lib/content/validate.ts";

// Without it, an error escaping Elysia would get Bun's development error page.
process.env.NODE_ENV ??= "production";

function start() {
  try {
    const config = loadConfig(process.env);
    return { config, app: createApp({ config }) };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ContentError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const { config, app } = start();
app.listen({ hostname: config.host, port: config.port });
console.log(`Listening on http://${config.host}:${app.server?.port} (${config.siteUrl})`);

/** Stop accepting, let requests in flight finish, then exit; never hang past the timer. */
async function shutdown(signal: string) {
  console.log(`${signal}: draining requests in flight`);
  setTimeout(() => process.exit(1), 8000).unref();
  await app.stop();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
