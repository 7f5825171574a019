/**
 * Test support: stand-in IndexNow engines, real servers on loopback random ports that
 * record what they receive and answer as told (status, headers, delay), plus raw TCP
 * servers that send garbage or reset, and a port where nothing listens.
 */
import { freePort } from "../../scripts/loopback.ts";

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly contentType: string | null;
  readonly body: string;
}

export interface Answer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  /** Wait this long before answering. */
  readonly delayMs?: number;
}

export interface FakeEngine {
  readonly url: string;
  readonly received: Received[];
  stop(): void;
}

/** An engine answering the nth request with `answers[n]` (the last one repeats). */
export function startEngine(...answers: [Answer, ...Answer[]]): FakeEngine {
  const received: Received[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const answer = answers[Math.min(received.length, answers.length - 1)] as Answer;
      received.push({
        method: request.method,
        path: new URL(request.url).pathname,
        contentType: request.headers.get("content-type"),
        body: await request.text(),
      });
      if (answer.delayMs) await Bun.sleep(answer.delayMs);
      return new Response(null, { status: answer.status, headers: answer.headers });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/indexnow`, received, stop: () => server.stop(true) };
}

/** A TCP server that is not HTTP: `garbage` writes junk then closes, `reset` closes at once. */
export function startBrokenEngine(kind: "garbage" | "reset"): FakeEngine & { connections: () => number } {
  let connections = 0;
  const listener = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        connections++;
        if (kind === "reset") socket.terminate();
      },
      data(socket) {
        socket.write("SPAM 999 \u0000\u0001 not http at all\r\n\r\n");
        socket.end();
      },
    },
  });
  return {
    url: `http://127.0.0.1:${listener.port}/indexnow`,
    received: [],
    connections: () => connections,
    stop: () => listener.stop(true),
  };
}

/** A loopback URL where nothing listens: the connection is refused. */
export function refusedUrl(): string {
  return `http://127.0.0.1:${freePort()}/indexnow`;
}
