/**
 * The MCP server's SDK loads only when `/mcp` is first asked for: a site that has
 * answered every other route has not loaded a module of it (what that saves in start-up
 * time and memory, the bench says: docs/benchmark.md).
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

test("no module of the SDK is loaded until /mcp is asked; then it is", () => {
  const run = Bun.spawnSync(
    [process.execPath, join(import.meta.dir, "..", "fixtures", "mcp-modules.ts"), "/mcp"],
    {
      stderr: "pipe",
    },
  );
  expect(run.exitCode, run.stderr.toString()).toBe(0);
  const { before, after } = JSON.parse(run.stdout.toString().trim().split("\n").at(-1) ?? "{}");
  expect(before).toBe(0);
  expect(after).toBeGreaterThan(0);
});
