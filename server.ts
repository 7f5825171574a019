/**
 * The Bun entry point: reads the configuration, builds the app, listens, and drains
 * requests in flight on SIGTERM/SIGINT. Everything else lives in lib/ and routes/.
 */
import { readdirSync, readFileSync } from "node:fs";
import { ConfigError, loadConfig } from "./lib/config.ts";

// Without it, an error escaping Elysia would get Bun's development error page.
process.env.NODE_ENV ??= "production";

/** Stops start-up with one line on stderr that names what to fix. */
function refuse(problem: string): never {
  console.error(`Cannot start: ${problem}`);
  process.exit(1);
}

/**
 * The content files are imported statically, so a JSON syntax error fails the import
 * itself with a message that names no file: find the file that does not parse.
 */
function brokenContentFile(): string | undefined {
  const dir = `${import.meta.dir}/content`;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    try {
      JSON.parse(readFileSync(`${dir}/${file}`, "utf8"));
    } catch (error) {
      return `content/${file}: is not valid JSON (${(error as Error).message})`;
    }
  }
  return undefined;
}

async function start() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }
  let modules: [typeof import("./lib/app.ts"), typeof import("./lib/content/validate.ts")];
  try {
    modules = await Promise.all([import("./lib/app.ts"), import("./lib/content/validate.ts")]);
  } catch (error) {
    if (error instanceof SyntaxError) refuse(brokenContentFile() ?? error.message);
    throw error;
  }
  const [{ createApp }, { ContentError }] = modules;
  try {
    return { config, app: createApp({ config }) };
  } catch (error) {
    if (error instanceof ContentError) refuse(error.message);
    throw error;
  }
}

const { config, app } = await start();
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
