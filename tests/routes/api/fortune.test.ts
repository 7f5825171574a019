/** GET /api/fortune: a quote from `content/quotes.json`, never the same twice in a row. */
import { describe, expect, test } from "bun:test";
import { ContentError } from "../../../lib/content/content-error.ts";
import { as, send, testApp } from "../../support/app.ts";
import { ownerFilesWith } from "../../support/owners.ts";

const QUOTES = [
  { text: "First, do the simple thing.", author: "A. Person", source: "A Talk, 2020" },
  { text: "Measure it twice.", author: "B. Person" },
  { text: "Ship the small one.", author: "C. Person" },
];

const appWith = (quotes: unknown, options: Parameters<typeof testApp>[0] = {}) =>
  testApp({ files: ownerFilesWith("rin", { "quotes.json": quotes }), ...options });

const app = appWith(QUOTES);
const fortune = async (of = app, headers: Record<string, string> = as.pythonRequests) =>
  send(of, "/api/fortune", headers);

describe("GET /api/fortune", () => {
  test("is one of the owner's quotes, as JSON, never cached", async () => {
    const response = await fortune();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(QUOTES).toContainEqual(await response.json());
  });

  test("is pretty JSON ending in a newline for a terminal, compact for a program", async () => {
    const pretty = await (await fortune(app, as.curl)).text();
    expect(pretty).toEndWith("}\n");
    expect(pretty).toContain('\n  "text": ');
    expect(await (await fortune(app, as.pythonRequests)).text()).not.toContain("\n");
  });

  test("is never the same quote twice in a row, and reaches every quote", async () => {
    const texts: string[] = [];
    for (let i = 0; i < 60; i++) texts.push((await (await fortune()).json()).text);
    for (let i = 1; i < texts.length; i++) expect(texts[i]).not.toBe(texts[i - 1]);
    expect(new Set(texts)).toEqual(new Set(QUOTES.map(({ text }) => text)));
  });

  test("an owner with one quote gets it every time", async () => {
    const one = appWith([QUOTES[1]]);
    for (let i = 0; i < 3; i++) expect(await (await fortune(one)).json()).toEqual(QUOTES[1]);
  });
});

describe("content/quotes.json", () => {
  /** The line start-up prints after `Cannot start: `, or "valid". */
  function refusal(quotes: unknown): string {
    try {
      appWith(quotes);
      return "valid";
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return error.message;
    }
  }

  test.each([
    ["no quotes at all", [], "content/quotes.json: the file has no quotes; at least 1 is needed"],
    [
      "an object where the list goes",
      { quotes: QUOTES },
      "content/quotes.json: the file is an object; expected a list of at least 1 quote",
    ],
    [
      "a quote without an author",
      [{ text: "Anonymous wisdom." }],
      "content/quotes.json: /0/author is missing; expected text of 1 to 80 characters",
    ],
  ])("%s: refused in one line", (_what, quotes, line) => {
    expect(refusal(quotes)).toBe(line);
  });
});
