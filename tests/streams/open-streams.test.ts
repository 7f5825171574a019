/**
 * The streams' limits over real sockets, with a source that writes fast: a client that
 * stops reading is dropped once the queue passes its bound, every ending is counted once,
 * and draining ends every stream with its last words.
 */
import { afterAll, expect, test } from "bun:test";
import { createConnection } from "node:net";
import { siteMetrics } from "../../lib/metrics/site-metrics.ts";
import { OpenStreams, QUEUE_LIMIT_BYTES, type StreamSource } from "../../lib/streams/open-streams.ts";
import { memoryLog } from "../support/log.ts";

const log = memoryLog();
const metrics = siteMetrics();
const streams = new OpenStreams(
  { seconds: 60, max: 10, perClient: 10 },
  {
    log,
    metrics,
    clock: Date.now,
    behindFlyProxy: false,
    connections: { peerAddress: () => "127.0.0.1", allowQuiet: () => {} },
  },
);

/** 16 KiB every 5 ms: far more than a client that stopped reading can take. */
const FLOOD: StreamSource = {
  first: "start\n",
  next: () => "x".repeat(16 * 1024),
  last: (ending) => `last words: ${ending}\n`,
};

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request) {
    const opened = streams.open(
      request,
      "/flood",
      { kind: "view", contentType: "text/plain", everyMs: 5, quietSeconds: 10 },
      FLOOD,
    );
    return opened instanceof Response ? opened : new Response("refused", { status: opened.status });
  },
});
afterAll(() => server.stop(true));

const endings = () =>
  log.events.filter(({ name }) => name === "stream ended").map(({ fields }) => fields.ending);

async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await Bun.sleep(20);
  return done();
}

test("a client that stops reading is dropped once its queue passes the bound, and counted once", async () => {
  const before = endings().length;
  // Paused, the socket reads nothing: the kernel's buffers fill, then what the server writes queues.
  const socket = createConnection({ port: server.port as number, host: "127.0.0.1" });
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.pause();
  socket.write("GET /flood HTTP/1.1\r\nHost: x\r\n\r\n");
  expect(await until(() => endings().length > before, 10_000)).toBe(true);
  expect(endings().slice(before)).toEqual(["too_slow"]);
  expect(streams.size).toBe(0);
  socket.destroy();
  expect(QUEUE_LIMIT_BYTES).toBe(64 * 1024);
}, 15_000);

test("a client that leaves is counted once, though the stream's cancel and the request's abort both say so", async () => {
  const before = endings().length;
  const response = await fetch(`http://127.0.0.1:${server.port}/flood`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  await reader.read();
  await reader.cancel();
  expect(await until(() => streams.size === 0, 1000)).toBe(true);
  await Bun.sleep(100);
  expect(endings().slice(before)).toEqual(["left"]);
});

test("draining ends every stream with its last words, and frees every slot", async () => {
  const slow: StreamSource = {
    first: "start\n",
    next: () => "",
    last: (ending) => `last words: ${ending}\n`,
  };
  const quiet = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request) =>
      streams.open(
        request,
        "/quiet",
        { kind: "events", contentType: "text/plain", everyMs: 1000, quietSeconds: 10 },
        slow,
      ) as Response,
  });
  const texts = Promise.all(
    [1, 2, 3].map(async () => (await fetch(`http://127.0.0.1:${quiet.port}/`)).text()),
  );
  expect(await until(() => streams.size === 3, 2000)).toBe(true);
  streams.drain();
  expect(await texts).toEqual(Array(3).fill("start\nlast words: shutdown\n"));
  expect(streams.size).toBe(0);
  await quiet.stop(true);
});
