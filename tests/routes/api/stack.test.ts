/** GET /api/stack: the site's stack from `content/stack.json`, and easter eggs that answer. */
import { describe, expect, test } from "bun:test";
import { as, SITE_URL, send, testApp } from "../../support/app.ts";
import { memoryLog } from "../../support/log.ts";
import { ownerFilesWith } from "../../support/owners.ts";

const STACK = {
  framework: "A framework",
  runtime: "A runtime",
  language: "A language",
  styling: "Some styling",
  typography: "Some type",
  deployment: "Somewhere",
  easterEggs: [
    { hint: "Ask the front door.", try: "curl {base_url}/" },
    { hint: "Ask for headers.", try: "curl -sI {base_url}/api/ping" },
    { hint: "A route this site does not have.", try: "curl {base_url}/api/no-such-route" },
  ],
};

const log = memoryLog();
const app = testApp({ files: ownerFilesWith("rin", { "stack.json": STACK }), log });
const stackOf = async () => (await send(app, "/api/stack", as.pythonRequests)).json();

describe("GET /api/stack", () => {
  test("is content/stack.json, with {base_url} made the site's origin", async () => {
    const body = await stackOf();
    for (const key of ["framework", "runtime", "language", "styling", "typography", "deployment"] as const) {
      expect(body[key]).toBe(STACK[key]);
    }
    expect(body.easterEggs[0]).toEqual({ hint: "Ask the front door.", try: `curl ${SITE_URL}/` });
  });

  test("lists only the easter eggs whose path this site answers: a removed route takes its egg with it", async () => {
    const eggs = (await stackOf()).easterEggs as { try: string }[];
    expect(eggs.map((egg) => egg.try)).toEqual([`curl ${SITE_URL}/`, `curl -sI ${SITE_URL}/api/ping`]);
    for (const egg of eggs) {
      const path = new URL(egg.try.split(" ").at(-1) as string).pathname;
      expect((await send(app, path, as.curl)).status).toBe(200);
    }
  });

  test("a hint left out is said once, at start-up, naming the file and the command", () => {
    expect(
      log.events.filter(({ name }) => name === "stack hint left out").map(({ fields }) => fields),
    ).toEqual([{ file: "stack.json", try: `curl ${SITE_URL}/api/no-such-route` }]);
  });
});
