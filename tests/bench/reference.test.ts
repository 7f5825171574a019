/**
 * The runtime's floors (`bench/reference/`) compile as the app does and start as the bench
 * starts the app: each answers `/api/ping`, which start-up and memory wait for, and the
 * built-ins one does its work on every request.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileReferences, REFERENCES } from "../../bench/reference/compile.ts";
import { startServerProcess } from "../../scripts/loopback.ts";

const dir = mkdtempSync(join(tmpdir(), "bench-reference-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const executables = await compileReferences(dir);

test.each(Object.keys(REFERENCES) as (keyof typeof REFERENCES)[])(
  "the %s reference is one executable that answers as the bench asks",
  async (reference) => {
    const server = await startServerProcess([executables[reference]]);
    try {
      const answers = await Promise.all(
        ["/api/ping", "/", "/?width=60"].map(async (path) => {
          const response = await fetch(`${server.url}${path}`);
          return { path, status: response.status, body: await response.text() };
        }),
      );
      const body = expect.stringMatching(reference === "bare" ? /^ok\n$/ : /^ok \d+\n$/);
      for (const answer of answers) expect(answer).toEqual({ path: answer.path, status: 200, body });
    } finally {
      await server.stop();
    }
  },
);
