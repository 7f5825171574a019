/**
 * `bun run dev`: the server as a child process, started again whenever a file it is made
 * of is saved (content/, lib/, routes/, server.ts), with the route manifest regenerated
 * first when routes/ changed. A server that refuses to start (a content mistake, a bad
 * variable) has said why in one line; this then waits for the next save instead of
 * exiting, and serves the fixed files as soon as they are saved. Ctrl-C stops both.
 *
 * The environment is passed on as it is (PORT, CONTENT_DIR, ...). When `CONTENT_DIR` is
 * set, that folder is watched too. `bun run dev --help` prints the usage and starts nothing.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { type FSWatcher, watch } from "node:fs";
import { join, relative, resolve } from "node:path";
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";

const COMMAND = {
  name: "bun run dev",
  usage: `usage: bun run dev

Serves the site from source, as bun run start does, and starts it again
whenever a file it is made of is saved: content/, lib/, routes/, server.ts, and
$CONTENT_DIR when set. The route manifest is regenerated first when routes/
changed. A server that refuses to start says why in one line; dev then waits
for the next save. The server reads the environment as bun run start does.

Options:
  -h, --help  this text

Exit status:
  0  stopped by Ctrl-C (SIGINT) or SIGTERM, the server with it
  1  routes/ could not be read into the manifest at start
  2  a usage error`,
  options: {},
  positionals: false,
} as const;

const ROOT = join(import.meta.dir, "..");
const ENTRY = "server.ts";
/** Folders whose files make the server, watched with everything under them. */
const FOLDERS = ["content", "lib", "routes", process.env.CONTENT_DIR].flatMap((folder) =>
  folder ? [resolve(ROOT, folder)] : [],
);
/** Written by `routes:gen` itself: a change to it is not a save. */
const MANIFEST = join(ROOT, "routes", "_manifest.gen.ts");
/** Editors save in bursts (a temporary file, a rename, a change): one restart per burst. */
const QUIET_MS = 150;
/** A server that does not drain in this long in development is stopped outright. */
const STOP_GRACE_MS = 2000;
/** Editors' backup, swap and lock files, and hidden files: none makes the server. */
const NOT_A_SOURCE = /(^|\/)(\.[^/]*|[^/]*~|[^/]*\.sw[a-p]|4913)$/;

const say = (line: string) => console.error(`dev: ${line}`);

let server: ChildProcess | undefined;
let quitting = false;

function startServer(): void {
  const child = spawn(process.execPath, [ENTRY], { cwd: ROOT, stdio: "inherit" });
  server = child;
  child.once("exit", (code, signal) => {
    // A server stopped on purpose (a restart, Ctrl-C) is no longer `server`.
    if (server !== child) return;
    server = undefined;
    // Exit 1 is a refusal the server has already put in one line; anything else is said here.
    if (code !== 1) say(`the server stopped (${signal ?? `exit ${code}`})`);
    say("waiting for a change to content/, lib/, routes/ or server.ts");
  });
}

/** Stops the server, if it runs, and resolves once it has exited. */
function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  server = undefined;
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      done();
    });
    child.kill("SIGTERM");
  });
}

/** `bun run routes:gen`, without `bun run`'s own line: true when the manifest is current. */
function generateRoutes(): boolean {
  const run = spawnSync(process.execPath, ["scripts/gen-routes.ts"], { cwd: ROOT, stdio: "inherit" });
  return run.status === 0;
}

/** Restarts run one at a time, in the order their bursts ended. */
let restarts = Promise.resolve();

function restart(changed: readonly string[]): void {
  restarts = restarts.then(async () => {
    if (quitting) return;
    const shown = changed.slice(0, 3).join(", ") + (changed.length > 3 ? ", ..." : "");
    say(`${shown} changed: restarting`);
    await stopServer();
    if (changed.some((file) => file.startsWith("routes/")) && !generateRoutes()) {
      say("routes/ could not be read into the manifest; waiting for a change");
      return;
    }
    startServer();
  });
}

function watchSources(): FSWatcher[] {
  let changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saw = (path: string) => {
    if (path === MANIFEST || NOT_A_SOURCE.test(path)) return;
    changed.add(relative(ROOT, path) || path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const burst = [...changed];
      changed = new Set();
      restart(burst);
    }, QUIET_MS);
  };
  return [
    ...FOLDERS.map((folder) =>
      watch(folder, { recursive: true }, (_event, name) => name && saw(join(folder, name.toString()))),
    ),
    // The folder, not the file: an editor that saves by renaming replaces the file watched.
    watch(ROOT, (_event, name) => name?.toString() === ENTRY && saw(join(ROOT, ENTRY))),
  ];
}

function quitOn(signal: "SIGINT" | "SIGTERM", watchers: readonly FSWatcher[]): void {
  process.on(signal, async () => {
    if (quitting) return;
    quitting = true;
    for (const watcher of watchers) watcher.close();
    await stopServer();
    process.exit(0);
  });
}

if (import.meta.main) {
  const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
  if (read.exit !== undefined) process.exit(read.exit);
  if (!generateRoutes()) process.exit(1);
  const watchers = watchSources();
  quitOn("SIGINT", watchers);
  quitOn("SIGTERM", watchers);
  startServer();
}
