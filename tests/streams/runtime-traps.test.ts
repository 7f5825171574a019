/**
 * What Bun and Elysia do with an answer that stays open, pinned on the versions the project
 * runs, since the streams rely on each (`lib/streams/`): a quiet stream is cut at the idle
 * timeout, even after its first bytes, unless the request is allowed more; Bun's stop()
 * waits on a connection that never sent a request once a client has ended a stream; and
 * Elysia's generator answers are its values run together, not an event stream.
 */
import { expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { Elysia } from "elysia";

/** A stream that writes its first line, then nothing. */
const quietStream = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("first\n"));
      },
    }),
  );

/** Whether the answer at `url` is still open `ms` after its first bytes. */
async function stillOpenAfter(url: string, ms: number): Promise<boolean> {
  const reader = ((await fetch(url)).body as ReadableStream<Uint8Array>).getReader();
  await reader.read();
  const closed = () => false;
  const open = await Promise.race([reader.read().then(closed, closed), Bun.sleep(ms).then(() => true)]);
  await reader.cancel().catch(() => {});
  return open;
}

test("Bun closes a streamed answer that writes nothing more for its idle timeout; server.timeout lifts it", async () => {
  const server = Bun.serve({
    port: 0,
    idleTimeout: 1,
    fetch(request, server) {
      if (new URL(request.url).pathname === "/allowed") server.timeout(request, 20);
      return quietStream();
    },
  });
  // Bun checks timeouts every 4 s: a connection is cut between 1 and 5 s of quiet here.
  expect(await stillOpenAfter(`${server.url}cut`, 6000)).toBe(false);
  expect(await stillOpenAfter(`${server.url}allowed`, 9000)).toBe(true);
  await server.stop(true);
}, 20_000);

test("Elysia runs a generator's values together as plain text, framed as no event stream: the app frames its own", async () => {
  const app = new Elysia().get("/", function* () {
    yield "one";
    yield "two";
  });
  const response = await app.handle(new Request("http://localhost/"));
  expect(response.headers.get("content-type")).toStartWith("text/plain");
  expect(await response.text()).toBe("onetwo");
});

/** A connection to `port`; one that sends nothing is what a browser keeps as a spare. */
const connectionTo = (port: number) =>
  new Promise<Socket>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => resolve(socket));
  });

test("after a client ends a stream, Bun's stop() waits on a connection that sent no request; stop(true) does not", async () => {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => {
      let ticking: ReturnType<typeof setInterval>;
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("first\n"));
            ticking = setInterval(() => {
              try {
                controller.enqueue(new TextEncoder().encode("tick\n"));
              } catch {
                // Cancelled between two ticks.
              }
            }, 100);
          },
          cancel: () => clearInterval(ticking),
        }),
      );
    },
  });
  const port = server.port as number;
  const spare = await connectionTo(port);
  const client = await connectionTo(port);
  client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  await new Promise((resolve) => client.once("data", resolve));
  // Ended a second later: one ended within a few hundred ms has left no such wait here.
  await Bun.sleep(1200);
  client.destroy();
  await Bun.sleep(500);
  const stopped = server.stop().then(() => "stopped");
  expect(await Promise.race([stopped, Bun.sleep(2000).then(() => "still waiting")])).toBe("still waiting");
  // No request is in flight: what the shipped server's stop waits for, before stop(true).
  expect(server.pendingRequests).toBe(0);
  await server.stop(true);
  expect(await stopped).toBe("stopped");
  spare.destroy();
}, 10_000);
