/**
 * The streams' limits over real sockets, with a source that writes fast: a client that
 * stops reading is dropped once the queue passes its bound, and its connection closed
 * soon after; every ending is counted once; a source that throws ends its own stream
 * only; draining ends every stream with its last words and opens no new one; and
 * clients are counted by address, an IPv6 one by its /64.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { createConnection } from "node:net";
import { siteConnections } from "../../lib/http/connections.ts";
import { Metrics } from "../../lib/metrics/registry.ts";
import { streamsMetrics } from "../../lib/streams/metrics.ts";
import { OpenStreams, QUEUE_LIMIT_BYTES, type StreamSource } from "../../lib/streams/open-streams.ts";
import { clientKey } from "../../lib/utils/slots.ts";
import { memoryLog } from "../support/log.ts";

const log = memoryLog();
const metrics = streamsMetrics(new Metrics());
/** Bun's own: the server is the one every stream here is served by, assigned below. */
let server: ReturnType<typeof Bun.serve>;
const connections = siteConnections(
  { peerAddress: () => "127.0.0.1", allowQuiet: (request, seconds) => server.timeout(request, seconds) },
  false,
);
const newStreams = () =>
  new OpenStreams({ seconds: 60, max: 10, perClient: 10 }, { log, metrics, clock: Date.now, connections });
const streams = newStreams();

/** 16 KiB every 5 ms: far more than a client that stopped reading can take. */
const FLOOD: StreamSource = {
  first: () => "start\n",
  next: () => "x".repeat(16 * 1024),
  last: (ending) => `last words: ${ending}\n`,
};

server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request) {
    const opened = streams
      .ofKind({ kind: "view", contentType: "text/plain", everyMs: 5, quietSeconds: 10 })
      .open(request, "/flood", FLOOD);
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
  // Bun holds a dropped connection until it has been quiet for its timeout, which the drop
  // sets to a second (checked every 4 s or so): no drain waits on it for long.
  expect(await until(() => server.pendingRequests === 0, 6000)).toBe(true);
  socket.destroy();
  expect(QUEUE_LIMIT_BYTES).toBe(64 * 1024);
}, 20_000);

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
    first: () => "start\n",
    next: () => "",
    last: (ending) => `last words: ${ending}\n`,
  };
  const quiet = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request) =>
      streams
        .ofKind({ kind: "events", contentType: "text/plain", everyMs: 1000, quietSeconds: 10 })
        .open(request, "/quiet", slow) as Response,
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

test("a source that throws ends its own stream, logged with its trace, and the server goes on", async () => {
  const own = newStreams();
  const failing: StreamSource = {
    first: () => "start\n",
    next: () => {
      throw new Error("a frame that cannot be drawn");
    },
    last: () => "",
  };
  const broken = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request) =>
      own
        .ofKind({ kind: "view", contentType: "text/plain", everyMs: 20, quietSeconds: 10 })
        .open(request, "/broken", failing) as Response,
  });
  const before = endings().length;
  const response = await fetch(`http://127.0.0.1:${broken.port}/`);
  await response.text().catch(() => "");
  expect(await until(() => endings().length > before, 2000)).toBe(true);
  expect(endings().slice(before)).toEqual(["failed"]);
  expect(log.errors.at(-1)?.message).toBe("The view at /broken failed to write");
  expect(own.size).toBe(0);
  expect((await fetch(`http://127.0.0.1:${broken.port}/`, { method: "HEAD" })).status).toBe(200);
  await broken.stop(true);
});

test("once drained, a stream asked for is refused: nothing would end it", () => {
  const own = newStreams();
  own.drain();
  const refusal = own
    .ofKind({ kind: "view", contentType: "text/plain", everyMs: 1000, quietSeconds: 10 })
    .open(new Request("http://x/late"), "/late", FLOOD);
  expect(refusal).toMatchObject({ status: 503, retryAfterSeconds: 30 });
});

test("HEAD answers what GET would: the refusal too, when every slot is taken", () => {
  const own = new OpenStreams(
    { seconds: 60, max: 1, perClient: 1 },
    { log, metrics, clock: Date.now, connections },
  );
  const options = { kind: "view", contentType: "text/plain", everyMs: 1000, quietSeconds: 10 } as const;
  const quiet: StreamSource = { first: () => "start\n", next: () => "", last: () => "" };
  const held = own.ofKind(options).open(new Request("http://x/"), "/", quiet);
  expect(held).toBeInstanceOf(Response);
  expect(own.ofKind(options).open(new Request("http://x/", { method: "HEAD" }), "/", quiet)).toMatchObject({
    status: 503,
  });
  own.drain();
});

describe("who a client is, for the limit per client", () => {
  test.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s is counted as %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
