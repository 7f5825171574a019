/**
 * What Bun and Elysia do with an answer that stays open, pinned on the versions the project
 * runs, since the streams rely on each (`lib/streams/`): a quiet stream is cut at the idle
 * timeout, even after its first bytes, unless the request is allowed more; and Elysia's
 * generator answers are its values run together, not an event stream.
 */
import { expect, test } from "bun:test";
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
