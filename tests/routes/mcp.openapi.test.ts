/**
 * `/mcp`'s OpenAPI operation says what it answers: every status docs/assistants.md lists
 * for a refusal, and examples in the words the server itself uses.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { as, send, testApp } from "../support/app.ts";

interface Refusal {
  readonly content: Record<string, { readonly example: { readonly error: { readonly message: string } } }>;
}

const app = testApp();
const { paths } = (await (await send(app, "/api/docs/json", as.pythonRequests)).json()) as {
  paths: Record<string, { post: { responses: Record<string, Refusal> } }>;
};
const responses = paths["/mcp"]?.post.responses ?? {};

/** The statuses of docs/assistants.md's table of what the server refuses. */
function statusesTheDocsList(): string[] {
  const text = readFileSync(join(import.meta.dir, "..", "..", "docs", "assistants.md"), "utf8");
  const table = text.slice(text.indexOf("**What it refuses**")).split("\n\n")[1] ?? "";
  const rows = table.split("\n").slice(2);
  return [...new Set(rows.flatMap((row) => row.split("|")[2]?.match(/\b[1-5]\d\d\b/g) ?? []))];
}

test("documents every status docs/assistants.md says it refuses with", () => {
  const listed = statusesTheDocsList();
  expect(listed).toContain("408");
  expect(listed.filter((status) => !(status in responses))).toEqual([]);
});

test("its 429's example is what a client over the default rate is told", async () => {
  const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  let refused = await send(app, "/mcp", headers, { method: "POST", body: ping });
  for (let calls = 1; calls < 1000 && refused.status !== 429; calls++) {
    refused = await send(app, "/mcp", headers, { method: "POST", body: ping });
  }
  expect(refused.status).toBe(429);
  const told = ((await refused.json()) as { error: { message: string } }).error.message;
  const example = Object.values(responses["429"]?.content ?? {})[0]?.example.error.message;
  const withoutWhen = (message = "") => message.replace(/in \d+ s$/, "in N s");
  expect(withoutWhen(told)).toBe(withoutWhen(example));
});
