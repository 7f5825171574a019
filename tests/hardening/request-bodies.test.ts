/**
 * Request bodies from clients that do not play along, sent with raw sockets to the server
 * as `start` runs it and as each entry point runs it: a body trickled a byte at a time, to
 * any route that reads one, gets the 408 after `LIMITS.bodyMs` (the envelope, or the MCP
 * server's JSON-RPC error with the same words), and at once when the server drains, which
 * then exits 0; a body cut off (the client leaving, a malformed chunk) is the client's 400,
 * one access line, never a failure logged or a 5xx counted.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Socket } from "bun";
import { SHUTDOWN_GRACE_MS } from "../../lib/app/start.ts";
import { LIMITS } from "../../lib/http/limits.ts";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { routeTableOf } from "../support/app.ts";
import { ENTRY_POINTS } from "../support/entry-points.ts";
import { samplesOf, total } from "../support/exposition.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

const root = join(import.meta.dir, "..", "..");
const TRIGGER = "/api/ping-indexnow";
const chunkedHead = `POST ${TRIGGER} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n`;

/**
 * Every route that reads a body (every POST of the route table), with the head of a
 * chunked POST to it as a JSON client sends one.
 */
const READING_BODIES = routeTableOf()
  .filter(({ method }) => method === "POST")
  .map(({ path }) => ({
    path,
    head: `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n`,
  }));

interface Answer {
  readonly status: number;
  readonly connection: string | undefined;
  readonly body: string;
}

/** A raw connection to `port`: what is written goes as it is; `answer` waits for the server to close it. */
async function rawClient(port: number) {
  let received = "";
  const closed = Promise.withResolvers<void>();
  const socket: Socket = await Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: {
      data: (_s, data) => {
        received += Buffer.from(data).toString("latin1");
      },
      close: () => closed.resolve(),
      error: () => closed.resolve(),
    },
  });
  let dripping: Timer | undefined;
  const end = () => {
    clearInterval(dripping);
    socket.end();
  };
  return {
    write: (text: string) => socket.write(text),
    /** One byte of chunked body every `everyMs`, until the connection closes. */
    drip(everyMs: number) {
      dripping = setInterval(() => socket.write("1\r\nx\r\n"), everyMs);
    },
    end,
    /** What the server wrote once it closed the connection; rejects if it is still open after `ms`. */
    async answer(ms: number): Promise<Answer> {
      const gaveUp = Bun.sleep(ms).then(() => "still open" as const);
      const still = (await Promise.race([closed.promise, gaveUp])) === "still open";
      end();
      if (still) throw new Error(`still open after ${ms} ms, having received ${JSON.stringify(received)}`);
      return answerOf(received);
    },
  };
}

function answerOf(raw: string): Answer {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
    connection: /^connection: *(.*)$/im.exec(head)?.[1]?.trim().toLowerCase(),
    body: split === -1 ? "" : raw.slice(split + 4),
  };
}

/** The error an answer carries: the envelope's, or a JSON-RPC error object (the MCP server's). */
const errorOf = (body: string) =>
  JSON.parse(body).error as { status?: number; code: string | number; message: string };

describe("a body trickled a byte at a time", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test.each(READING_BODIES)(
    `to $path gets the 408 once ${LIMITS.bodyMs} ms have passed, and its connection is closed`,
    async ({ head }) => {
      const began = performance.now();
      const client = await rawClient(server.port);
      client.write(head);
      client.drip(400);
      const answer = await client.answer(LIMITS.bodyMs + 3000);
      expect(performance.now() - began).toBeGreaterThanOrEqual(LIMITS.bodyMs - 50);
      expect(answer.status).toBe(408);
      expect(answer.connection).toBe("close");
      const message = `The request body did not arrive within ${LIMITS.bodyMs / 1000} s`;
      // The envelope, or the error of a route that answers in a protocol of its own (JSON-RPC).
      const own = "jsonrpc" in JSON.parse(answer.body);
      expect(errorOf(answer.body)).toEqual(
        own ? { code: -32000, message } : { status: 408, code: "request_timeout", message },
      );
    },
    LIMITS.bodyMs + 5000,
  );
});

describe.each(
  (["bun", "deno"] as const).flatMap((runtime) =>
    READING_BODIES.map(({ path, head }) => ({ runtime, path, head })),
  ),
)("on $runtime, SIGTERM while a body trickles in to $path", ({ runtime, head }) => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(ENTRY_POINTS[runtime], { cwd: root, output: "keep" });
  });
  afterAll(() => server.stop(0));

  test(
    "ends the read with the 408 at once, and the server exits 0 within the drain",
    async () => {
      const client = await rawClient(Number(new URL(server.url).port));
      client.write(head);
      client.drip(200);
      await Bun.sleep(500);
      const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
      const signalled = performance.now();
      process.kill(-(server.child.pid as number), "SIGTERM");
      const answer = await client.answer(SHUTDOWN_GRACE_MS);
      expect(answer.status).toBe(408);
      expect(answer.connection).toBe("close");
      expect(errorOf(answer.body).message).toStartWith("The server is shutting down");
      expect(await exited).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(SHUTDOWN_GRACE_MS / 2);
      expect(server.output().stderr).toBe("");
    },
    SHUTDOWN_GRACE_MS + 5000,
  );
});

describe("a body cut off: the client leaving, or a malformed chunk", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  const LEAVING = 20;

  test("is the client's 400, logged once as an access line, never a failure nor a 5xx", async () => {
    const fixedLength = `POST ${TRIGGER} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n`;
    await Promise.all(
      Array.from({ length: LEAVING }, async (_, i) => {
        const client = await rawClient(server.port);
        client.write(i % 2 ? chunkedHead : fixedLength);
        await Bun.sleep(50);
        client.write(i % 2 ? "1\r\nx\r\n" : "x");
        await Bun.sleep(50);
        client.end();
      }),
    );
    // Bun answers a malformed chunk with its own empty 400, and closes: the app's read is cut off.
    const malformed = await rawClient(server.port);
    malformed.write(chunkedHead);
    await Bun.sleep(50);
    malformed.write("1\r\nxyz\r\n");
    expect((await malformed.answer(3000)).status).toBe(400);

    const access = () => {
      server.log.flush();
      return server.stdout
        .filter((line) => line.includes(TRIGGER))
        .map((line) => JSON.parse(line) as { status: number });
    };
    // A read ends when its client leaves, not at the body's deadline: every line is written well before it.
    expect(await until(() => access().length >= LEAVING + 1, LIMITS.bodyMs / 2)).toBe(true);
    expect(access().map(({ status }) => status)).toEqual(Array(LEAVING + 1).fill(400));
    expect(server.stderr).toEqual([]);
    const samples = samplesOf(await (await fetch(`${server.metricsUrl}/metrics`)).text());
    const counted = (status: string) =>
      total(samples, "site_http_requests_total", { route: TRIGGER, method: "POST", status });
    expect([counted("400"), counted("500")]).toEqual([LEAVING + 1, 0]);
  });
});

describe("on Deno, a malformed chunk", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(ENTRY_POINTS.deno, { cwd: root, output: "keep" });
  });
  afterAll(() => server.stop());

  // Deno's parser refuses a bad chunk that comes before the app reads the body, and closes
  // without a word; one that comes while the app reads is the app's to answer.
  test("gets the 400 envelope when the app reads it, and nothing is logged as a failure", async () => {
    const port = Number(new URL(server.url).port);
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const client = await rawClient(port);
        client.write(chunkedHead);
        await Bun.sleep(200);
        client.write("1\r\nxyz\r\n");
        return client.answer(3000);
      }),
    );
    const statuses = answers.map(({ status }) => status);
    expect(statuses.every((status) => status === 0 || status === 400)).toBe(true);
    expect(statuses).toContain(400);
    for (const { body } of answers.filter(({ status }) => status === 400)) {
      expect(errorOf(body)).toEqual({
        status: 400,
        code: "bad_request",
        message: "The request body did not arrive whole: the connection closed, or a chunk was malformed",
      });
    }
    const samples = samplesOf(await (await fetch(`${server.metricsUrl}/metrics`)).text());
    expect(total(samples, "site_http_requests_total", { route: TRIGGER, status: "500" })).toBe(0);
    expect(await server.stop()).toBe(0);
    expect(server.output().stderr).toBe("");
  });
});
