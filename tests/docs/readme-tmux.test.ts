/**
 * The README's tmux lines, copied into a tmux as an owner copies them into ~/.tmux.conf,
 * with nothing else set: tmux at its defaults (80 columns, and `status-right` cut at 40
 * unless told otherwise) shows the whole one-liner. Drawn inside another tmux, whose pane
 * is what a person sees.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { as } from "../support/app.ts";
import { startServer, type TestServer } from "../support/server.ts";

const README = readFileSync(join(import.meta.dir, "..", "..", "README.md"), "utf8");
/** The README's example origin, which an owner replaces with their site's. */
const EXAMPLE_ORIGIN = "https://site.example";

/** The lines after the README's `# ~/.tmux.conf` comment, up to the next file's. */
function readmeTmuxLines(): string[] {
  const lines = README.split("\n");
  const start = lines.findIndex((line) => line.startsWith("# ~/.tmux.conf"));
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith("# ~/") && !line.startsWith("# ~/.tmux.conf"));
  return rest.slice(0, end).filter((line) => line.startsWith("set "));
}

let server: TestServer;
const scratch = mkdtempSync(join(tmpdir(), "readme-tmux-"));
const socket = `site-readme-tmux-${process.pid}`;
const tmux = (...args: string[]) => Bun.spawnSync(["tmux", "-L", socket, ...args]);
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => {
  tmux("kill-server");
  rmSync(scratch, { recursive: true, force: true });
  return server.stop();
});

/** The status line a tmux started with `config` (and nothing else) shows, once it shows the one-liner's start. */
async function statusLineOf(config: readonly string[], start: string): Promise<string> {
  const file = join(scratch, `tmux-${crypto.randomUUID().slice(0, 8)}.conf`);
  writeFileSync(file, `${config.join("\n")}\n`);
  const inner = `${socket}-inner`;
  // No size given: tmux's default, 80 columns.
  tmux("new-session", "-d", "-s", "outer", `tmux -L ${inner} -f ${file} new-session`);
  try {
    let line = "";
    for (let waited = 0; waited < 12_000 && !line.includes(start); waited += 200) {
      await Bun.sleep(200);
      line = tmux("capture-pane", "-p", "-t", "outer").stdout.toString().trimEnd().split("\n").at(-1) ?? "";
    }
    return line;
  } finally {
    tmux("kill-session", "-t", "outer");
    Bun.spawnSync(["tmux", "-L", inner, "kill-server"]);
  }
}

test("the README's lines show the whole one-liner in tmux at its default width", async () => {
  const config = readmeTmuxLines().map((line) => line.replaceAll(EXAMPLE_ORIGIN, server.url));
  expect(config).toHaveLength(2);
  const url = /'([^']+)'/.exec(config.at(-1) ?? "")?.[1] ?? "";
  const plain = (await (await fetch(url.replace("&tmux", ""), { headers: as.curl })).text()).trimEnd();
  // A one-liner longer than tmux's 40 columns: what the README's line once lost.
  expect(plain.length).toBeGreaterThan(40);
  expect(await statusLineOf(config, "Rin Hayashi")).toEndWith(plain);
}, 30_000);

test("without status-right-length, tmux cuts the same line at 40 columns", async () => {
  const config = readmeTmuxLines()
    .filter((line) => !line.includes("status-right-length"))
    .map((line) => line.replaceAll(EXAMPLE_ORIGIN, server.url));
  const line = await statusLineOf(config, "Rin Hayashi");
  expect(line.slice(line.indexOf("Rin Hayashi"))).toHaveLength(40);
}, 30_000);
