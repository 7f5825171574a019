/** GET /api/roast: a roast from `content/roasts.json`, never the same twice in a row. */
import { describe, expect, test } from "bun:test";
import { ContentError } from "../../../lib/content/content-error.ts";
import { as, send, testApp } from "../../support/app.ts";
import { ownerFilesWith } from "../../support/owners.ts";

const roastOf = (n: number) => ({
  id: `mistake-${n}`,
  mistake: `Mistake ${n}`,
  roast: `Roast ${n}.`,
  fix: `Fix ${n}.`,
});
const ROASTS = [1, 2, 3, 4].map(roastOf);

const appWith = (roasts: unknown, options: Parameters<typeof testApp>[0] = {}) =>
  testApp({ files: ownerFilesWith("rin", { "roasts.json": roasts }), ...options });

const app = appWith(ROASTS);
const roast = async (of = app, headers: Record<string, string> = as.pythonRequests) =>
  send(of, "/api/roast", headers);

describe("GET /api/roast", () => {
  test("is one of the owner's roasts: the mistake, the roast and a fix, never cached", async () => {
    const response = await roast();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(ROASTS).toContainEqual(await response.json());
  });

  test("is pretty JSON ending in a newline for a terminal, compact for a program", async () => {
    expect(await (await roast(app, as.curl)).text()).toEndWith("}\n");
    expect(await (await roast(app, as.pythonRequests)).text()).not.toContain("\n");
  });

  test("is never the same roast twice in a row, and reaches every roast", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) ids.push((await (await roast()).json()).id);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).not.toBe(ids[i - 1]);
    expect(new Set(ids)).toEqual(new Set(ROASTS.map(({ id }) => id)));
  });

  test("stays different in a row even when the random source keeps saying the same thing", async () => {
    const stuck = appWith(ROASTS, { random: () => 0 });
    const first = await (await roast(stuck)).json();
    const second = await (await roast(stuck)).json();
    expect(second.id).not.toBe(first.id);
  });

  test("an owner with one roast gets it every time", async () => {
    const one = appWith([roastOf(7)]);
    for (let i = 0; i < 3; i++) expect(await (await roast(one)).json()).toEqual(roastOf(7));
  });
});

describe("content/roasts.json", () => {
  /** The line start-up prints after `Cannot start: `, or "valid". */
  function refusal(roasts: unknown): string {
    try {
      appWith(roasts);
      return "valid";
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return error.message;
    }
  }

  test.each([
    ["no roasts at all", [], "content/roasts.json: the file has no roasts; at least 1 is needed"],
    [
      "an id that is not kebab-case",
      [{ ...roastOf(1), id: "Off By One" }],
      'content/roasts.json: /0/id is "Off By One"; expected lower-case letters and digits joined by single hyphens, like off-by-one',
    ],
    [
      "an id used twice",
      [roastOf(1), roastOf(2), roastOf(3), { ...roastOf(4), id: "mistake-2" }],
      'content/roasts.json: /3/id is "mistake-2", the id of /1 too; each roast needs its own',
    ],
  ])("%s: refused in one line", (_what, roasts, line) => {
    expect(refusal(roasts)).toBe(line);
  });
});
