/**
 * Every route whose answer stays open (the route table's streams), as each runtime serves
 * it from its entry point as a process: its first bytes over a real socket, the limit per
 * address, a slot freed when the client leaves, and SIGTERM ending every stream in the
 * drain time, a browser's spare connection notwithstanding.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { join } from "node:path";
import { SHUTDOWN_GRACE_MS } from "../../lib/app/start.ts";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { as, routePath, STREAM_PATHS } from "../support/app.ts";
import { firstChunks } from "../support/body.ts";
import { ENTRY_POINTS } from "../support/entry-points.ts";
import { samplesOf } from "../support/exposition.ts";

const root = join(import.meta.dir, "..", "..");
const started: ServerProcess[] = [];
afterAll(() => Promise.all(started.map((server) => server.stop(0))));

async function serve(runtime: keyof typeof ENTRY_POINTS) {
  const server = await startServerProcess(ENTRY_POINTS[runtime], {
    cwd: root,
    output: "keep",
    env: { LIVE_VIEWS_PER_CLIENT: String(STREAM_PATHS.length) },
  });
  started.push(server);
  return server;
}

/** `site_open_streams` as the metrics port says it now, per kind. */
async function openStreams(server: ServerProcess): Promise<Record<string, number>> {
  const exposition = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  return Object.fromEntries(
    samplesOf(exposition)
      .filter(({ name }) => name === "site_open_streams")
      .map(({ labels, value }) => [labels.kind, value]),
  );
}

/** A raw HTTP/1.1 request for `path` that reads its first bytes, then closes without a word. */
function rawViewer(port: number, path: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: curl/8.5.0\r\n\r\n`);
    });
    socket.once("data", () => resolve(() => socket.destroy()));
    socket.once("error", reject);
  });
}

/** Whether `done` comes true within `ms`, asked every 50 ms. */
async function until(done: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!(await done())) {
    if (performance.now() > deadline) return false;
    await Bun.sleep(50);
  }
  return true;
}

/** Open streams in all, whatever their kind. */
const inAll = (open: Record<string, number>) => Object.values(open).reduce((sum, count) => sum + count, 0);

describe.each(["bun", "deno"] as const)("on %s", (runtime) => {
  test("each stream starts at once, each address holds its share, and a slot is free again when its client leaves", async () => {
    const server = await serve(runtime);
    for (const path of STREAM_PATHS) {
      const [first] = await firstChunks(await fetch(`${server.url}${path}`, { headers: as.curl }), 1);
      expect({ path, started: (first ?? "").length > 0 }).toEqual({ path, started: true });
    }
    expect(await until(async () => inAll(await openStreams(server)) === 0)).toBe(true);
    const port = Number(new URL(server.url).port);
    const leave = await Promise.all(STREAM_PATHS.map((path) => rawViewer(port, path)));
    const oneMore = await fetch(`${server.url}${STREAM_PATHS[0]}`, { headers: as.curl });
    expect(oneMore.status).toBe(429);
    expect(inAll(await openStreams(server))).toBe(STREAM_PATHS.length);
    for (const close of leave) close();
    // Freed within a second of the clients leaving, without waiting for a write to fail.
    expect(await until(async () => inAll(await openStreams(server)) === 0, 1000)).toBe(true);
  }, 20_000);

  test("SIGTERM ends every open stream with its last words, and the server exits 0 in the drain time", async () => {
    const server = await serve(runtime);
    const readers = await Promise.all(
      STREAM_PATHS.map(async (path) => {
        const response = await fetch(`${server.url}${path}`, { headers: as.curl });
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        await reader.read();
        return { path: routePath(path), reader };
      }),
    );
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    const sent = performance.now();
    process.kill(-(server.child.pid as number), "SIGTERM");
    for (const { path, reader } of readers) {
      let last = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        last = new TextDecoder().decode(value);
      }
      expect({ path, saidSomethingLast: last.trim().length > 0 }).toEqual({ path, saidSomethingLast: true });
    }
    expect(await exited).toBe(0);
    expect(performance.now() - sent).toBeLessThan(SHUTDOWN_GRACE_MS);
  }, 20_000);

  test("SIGTERM is not held up by a spare connection, one a browser opens and sends nothing on, once a stream has ended", async () => {
    const server = await serve(runtime);
    const port = Number(new URL(server.url).port);
    const spare = connect(port, "127.0.0.1");
    for (const path of STREAM_PATHS) {
      const leave = await rawViewer(port, path);
      await Bun.sleep(1200);
      leave();
    }
    await Bun.sleep(300);
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    const sent = performance.now();
    process.kill(-(server.child.pid as number), "SIGTERM");
    expect(await exited).toBe(0);
    expect(performance.now() - sent).toBeLessThan(1000);
    spare.destroy();
  }, 20_000);
});
