import { describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { servedPath } from "../../lib/http/route.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import {
  as,
  GET_PATHS,
  routePath,
  SITE_URL,
  sample,
  send,
  terminalTextPaths,
  testApp,
} from "../support/app.ts";

const app = testApp();
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown; example?: unknown }> }
  >;
};

const openapi = async () => {
  const response = await send(app, "/api/docs/json", as.pythonRequests);
  expect(response.status).toBe(200);
  return (await response.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
};

describe("the OpenAPI document", () => {
  test("is valid OpenAPI 3", async () => {
    const document = await openapi();
    expect(document.openapi).toStartWith("3.");
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("lists every route, the profile at its handle's path included", async () => {
    const { paths } = await openapi();
    for (const path of GET_PATHS) {
      expect(paths[routePath(path)]?.get).toBeDefined();
    }
  });

  test("lists the route files' routes only: not the docs themselves, nor the IndexNow key file", async () => {
    const key = "a1b2c3d4e5f6a7b8";
    const withKey = testApp({ env: { SITE_URL, INDEXNOW_KEY: key } });
    expect((await send(withKey, `/${key}.txt`, as.curl)).status).toBe(200);
    const response = await send(withKey, "/api/docs/json", as.pythonRequests);
    const { paths } = (await response.json()) as { paths: Record<string, unknown> };
    const documented = routes.map(([path]) => servedPath(path, sample.profile.handle)).sort();
    expect(Object.keys(paths).sort()).toEqual(documented);
  });

  test("gives every operation a summary, a description, a tag, and a schema with an example for every status", async () => {
    const { paths } = await openapi();
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.description, where).toBeTruthy();
        expect(operation.tags?.length, where).toBeGreaterThan(0);
        expect(Object.keys(operation.responses), where).toContain("200");
        for (const [status, response] of Object.entries(operation.responses)) {
          // No body by definition: a revalidation's 304, an accepted notification's 202.
          if (status === "304" || status === "202") continue;
          const bodies = Object.values(response.content ?? {});
          expect(bodies.length, `${where} ${status}`).toBeGreaterThan(0);
          for (const body of bodies) {
            expect(body.schema, `${where} ${status}`).toBeDefined();
            expect(body.example, `${where} ${status}`).toBeDefined();
          }
        }
      }
    }
  });

  test("gives each operation a summary of its own: the docs' sidebar, the index and the ping's card list routes by it", async () => {
    const { paths } = await openapi();
    const bySummary = new Map<string, string[]>();
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, { summary = "" }] of Object.entries(operations)) {
        bySummary.set(summary, [...(bySummary.get(summary) ?? []), `${method.toUpperCase()} ${path}`]);
      }
    }
    const shared = [...bySummary]
      .filter(([, operations]) => operations.length > 1)
      .map(([summary, operations]) => `${operations.join(" and ")} share the summary "${summary}"`);
    expect(shared).toEqual([]);
  });

  test("documents a 304 for every operation whose 200 has an ETag, and for no other", async () => {
    const { paths } = await openapi();
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, { responses }] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        const etag = "ETag" in (responses["200"]?.headers ?? {});
        expect({ where, etag, revalidated: "304" in responses }).toEqual({ where, etag, revalidated: etag });
      }
    }
  });

  test("documents the text/plain variant of every route a terminal gets text from", async () => {
    const { paths } = await openapi();
    for (const path of (await terminalTextPaths(app)).map(routePath)) {
      expect(Object.keys(paths[path]?.get?.responses["200"]?.content ?? {})).toContain(
        "text/plain; charset=utf-8",
      );
    }
  });

  test("is served as an interactive page at /api/docs", async () => {
    const response = await send(app, "/api/docs", as.browser);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
  });
});
