/** Property-based fuzzing: no request a stranger can send breaks the API. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { SITE_URL, testApp } from "../support/app.ts";
import { bodyRead } from "../support/body.ts";
import { startEngine } from "../support/engines.ts";
import { type HostileRequest, hostileRequest, type Seen, violations } from "../support/invariants.ts";
import { rawRequest, startServer, type TestServer } from "../support/server.ts";

/** Builds the Request, or undefined when the Fetch API itself refuses (not the server's doing). */
function toRequest(base: string, { method, target, headers, body }: HostileRequest): Request | undefined {
  try {
    return new Request(`${base}${target}`, { method, headers, body: body as BodyInit | undefined });
  } catch {
    return undefined;
  }
}

async function seen(response: Response, { method, target }: HostileRequest): Promise<Seen> {
  // A stream (the live view, the event stream) is read until it keeps quiet, then left.
  return {
    status: response.status,
    headers: response.headers,
    body: await bodyRead(response),
    method,
    target,
  };
}

/**
 * The in-process answer as a server sends it: the app answers HEAD with GET's body, so its
 * length is GET's, and Bun.serve and Deno.serve send none of it (the socket fuzz checks that).
 */
function served(response: Response, hostile: HostileRequest): Promise<Seen> {
  return seen(hostile.method === "HEAD" ? new Response(null, response) : response, hostile);
}

// IndexNow fully configured, against a stand-in engine on loopback: with no key the
// trigger's documented answer is a 503, and "never a 5xx" must hold for real.
const engine = startEngine({ status: 200 });
afterAll(() => engine.stop());
const indexNowEnv = {
  INDEXNOW_KEY: "fuzz-key-0123456789",
  INDEXNOW_ENDPOINTS: engine.url,
  INDEXNOW_COOLDOWN_SECONDS: "0",
};

describe("fuzzing the in-process app", () => {
  const app = testApp({ env: { SITE_URL, ...indexNowEnv } });

  test("thousands of hostile requests: never a 5xx, always a documented, safe answer", async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (hostile) => {
        const request = toRequest("http://localhost", hostile);
        if (!request) return;
        sent++;
        const answer = await served(await app.handle(request), hostile);
        expect({ request: hostile.target, wrong: violations(answer) }).toEqual({
          request: hostile.target,
          wrong: [],
        });
      }),
      { numRuns: 4000 },
    );
    expect(sent).toBeGreaterThan(3000);
    const ping = await app.handle(new Request("http://localhost/api/ping"));
    expect(ping.status).toBe(200);
  });
});

describe("fuzzing a real server on loopback", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(indexNowEnv);
  });
  afterAll(() => server.stop());

  test("the same generator through fetch: never a 5xx, always a documented, safe answer", async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (hostile) => {
        const request = toRequest(server.url, hostile);
        if (!request) return;
        // Bun's fetch turns an unknown method with a body into a TypeError: not ours.
        const response = await fetch(request).catch((error: unknown) => {
          if (error instanceof TypeError && hostile.body) return undefined;
          throw error;
        });
        if (!response) return;
        const answer = await seen(response, hostile);
        expect({ request: hostile.target, wrong: violations(answer) }).toEqual({
          request: hostile.target,
          wrong: [],
        });
      }),
      { numRuns: 300 },
    );
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  });

  test("raw bytes in the request line and headers: a 4xx or a safe answer, never a crash", async () => {
    const rawLine = fc.record({
      target: fc.uint8Array({ minLength: 1, maxLength: 60 }),
      header: fc.uint8Array({ maxLength: 60 }),
      host: fc.constantFrom("x", "localhost", "", "a.b:99999", "[::1]"),
    });
    await fc.assert(
      fc.asyncProperty(rawLine, async ({ target, header, host }) => {
        const request = Buffer.concat([
          Buffer.from("GET /"),
          Buffer.from(target),
          Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nX-Fuzz: `),
          Buffer.from(header),
          Buffer.from("\r\nConnection: close\r\n\r\n"),
        ]);
        const answer = await rawRequest(server.port, request);
        expect(answer.status).toBeGreaterThanOrEqual(200);
        if (answer.body === "") {
          // Bun's HTTP parser refused the request before the app saw it: an empty 400,
          // or 505 when a NUL or space breaks the request line. Both close the socket.
          expect([400, 431, 505]).toContain(answer.status);
          expect(answer.head.toLowerCase()).toContain("connection: close");
        } else {
          // Anything the app answered holds the same invariants as above.
          const headers = new Headers();
          for (const line of answer.head.split("\r\n").slice(1)) {
            const colon = line.indexOf(":");
            headers.append(line.slice(0, colon), line.slice(colon + 1).trim());
          }
          expect(violations({ status: answer.status, headers, body: answer.body, method: "GET" })).toEqual(
            [],
          );
        }
      }),
      { numRuns: 150 },
    );
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  });
});
