/**
 * The live view and the event stream as each runtime serves them, from its entry point as
 * a process: frames and events over real sockets, the limit per address, a slot freed when
 * the client leaves, and SIGTERM ending every view with its last line, in the drain time.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { join } from "node:path";
import { SHUTDOWN_GRACE_MS } from "../../lib/runtime/start.ts";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { as } from "../support/app.ts";
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
    env: { LIVE_VIEWS_PER_CLIENT: "2" },
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

describe.each(["bun", "deno"] as const)("on %s", (runtime) => {
  test("draws the view in place, streams the events, and holds each address to its share", async () => {
    const server = await serve(runtime);
    const frames = await firstChunks(await fetch(`${server.url}/live`, { headers: as.curl }), 2);
    expect(frames[0]).toStartWith("\x1b[2J\x1b[H");
    expect(frames[1]).toStartWith("\x1b[H");
    const [events] = await firstChunks(await fetch(`${server.url}/api/events`, { headers: as.browser }), 1);
    expect(events).toContain("event: status\ndata: {");

    const port = Number(new URL(server.url).port);
    const leave = [await rawViewer(port, "/live"), await rawViewer(port, "/api/events")];
    const third = await fetch(`${server.url}/live`, { headers: as.curl });
    expect(third.status).toBe(429);
    expect(await openStreams(server)).toEqual({ view: 1, events: 1 });
    for (const close of leave) close();
    // Freed within a second of the clients leaving, without waiting for a write to fail.
    const deadline = performance.now() + 1000;
    let open = await openStreams(server);
    while ((open.view ?? 0) + (open.events ?? 0) > 0 && performance.now() < deadline) {
      await Bun.sleep(50);
      open = await openStreams(server);
    }
    expect(open).toEqual({ view: 0, events: 0 });
  }, 20_000);

  test("SIGTERM ends an open view with its last line, and the server exits 0 in the drain time", async () => {
    const server = await serve(runtime);
    const response = await fetch(`${server.url}/live?nocolor`, { headers: as.curl });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    const sent = performance.now();
    process.kill(-(server.child.pid as number), "SIGTERM");
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest.trimEnd().split("\n").at(-1)).toBe(
      "  The site is restarting; run the same command again in a few seconds.",
    );
    expect(await exited).toBe(0);
    expect(performance.now() - sent).toBeLessThan(SHUTDOWN_GRACE_MS);
  }, 20_000);
});
