import { describe, expect, test } from "bun:test";
import { ApiError, errorResponse } from "../../lib/http/errors.ts";
import { as, GET_PATHS, send, testApp } from "../support/app.ts";

const app = testApp();

async function envelope(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const body = (await response.json()) as { error: { status: number; code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.status).toBe(response.status);
  return body.error;
}

describe("unknown paths", () => {
  for (const headers of [as.curl, as.browser, as.pythonRequests]) {
    test(`get the 404 envelope in JSON, whoever asks (${headers["user-agent"].slice(0, 12)})`, async () => {
      const response = await send(app, "/api/nope", headers);
      expect(response.status).toBe(404);
      expect(await envelope(response)).toEqual({
        status: 404,
        code: "not_found",
        message: "No route for GET /api/nope",
      });
    });
  }

  test("never echo control characters from the path back", async () => {
    const response = await send(app, "/api/%1B%5B2J%1B%5B31mgotcha", as.curl);
    const text = await response.text();
    expect(response.status).toBe(404);
    // Line feeds are the layout of pretty JSON for terminals; no other control character may appear.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this test hunts.
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(text).error.message).not.toContain("\u001b");
  });

  test("quote a long path only in part", async () => {
    const response = await send(app, `/${"a".repeat(5000)}`, as.curl);
    expect((await envelope(response)).message.length).toBeLessThan(200);
  });
});

describe("the envelope", () => {
  test("says status, code and message first, then what the error adds, which cannot change them", async () => {
    const error = new ApiError("rate_limited", "Too soon", {
      details: { status: 200, code: "fine", message: "all good", retryAfterSeconds: 30 },
    });
    expect(await errorResponse(error).text()).toBe(
      '{"error":{"status":429,"code":"rate_limited","message":"Too soon","retryAfterSeconds":30}}',
    );
  });
});

describe("wrong methods", () => {
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    test(`${method} on a GET route is 405 with an Allow header`, async () => {
      const response = await send(app, "/api/ping", as.pythonRequests, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      const error = await envelope(response);
      expect(error.code).toBe("method_not_allowed");
      expect(error.message).toContain(method);
    });
  }

  test("OPTIONS on a known path is 204 with Allow, not 404", async () => {
    const response = await send(app, "/api/ping", as.browser, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toContain("GET");
    expect(await response.text()).toBe("");
  });
});

describe("HEAD", () => {
  for (const path of GET_PATHS) {
    test(`works on ${path}: GET's status and content type, no body`, async () => {
      const get = await send(app, path, as.curl);
      const head = await send(app, path, as.curl, { method: "HEAD" });
      expect(head.status).toBe(get.status);
      expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
      expect(await head.text()).toBe("");
    });
  }
});
