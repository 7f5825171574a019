import { describe, expect, test } from "bun:test";
import { anyOf, anyOfButTheLast } from "../../lib/content/random-pick.ts";
import { as, send, testApp } from "../support/app.ts";

const app = testApp();
const pickMany = async (path: string, count: number) => {
  const bodies: { text?: string; id?: string }[] = [];
  for (let i = 0; i < count; i++) bodies.push(await (await send(app, path, as.pythonRequests)).json());
  return bodies;
};

describe("GET /api/fortune", () => {
  test("returns a quote with text and author, and is never cached", async () => {
    const response = await send(app, "/api/fortune", as.pythonRequests);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const quote = await response.json();
    expect(quote).toMatchObject({ text: expect.any(String), author: expect.any(String) });
  });

  test("picks across the collection rather than repeating one quote", async () => {
    const texts = new Set((await pickMany("/api/fortune", 200)).map((q) => q.text));
    // 200 uniform draws from 30+ quotes miss fewer than ten with overwhelming odds.
    expect(texts.size).toBeGreaterThan(20);
  });
});

describe("GET /api/roast", () => {
  test("returns the mistake, the roast and a fix, never cached", async () => {
    const response = await send(app, "/api/roast", as.pythonRequests);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      id: expect.any(String),
      mistake: expect.any(String),
      roast: expect.any(String),
      fix: expect.any(String),
    });
  });

  test("is never the same roast twice in a row", async () => {
    const ids = (await pickMany("/api/roast", 300)).map((r) => r.id);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).not.toBe(ids[i - 1]);
    expect(new Set(ids).size).toBeGreaterThan(20);
  });

  test("stays different in a row even when the random source keeps saying the same thing", async () => {
    const stuck = testApp({ random: () => 0 });
    const first = await (await send(stuck, "/api/roast", as.pythonRequests)).json();
    const second = await (await send(stuck, "/api/roast", as.pythonRequests)).json();
    expect(second.id).not.toBe(first.id);
  });
});

describe("random picks", () => {
  test("anyOf reaches every item, first and last included", () => {
    const pick = anyOf(
      ["a", "b", "c"],
      (() => {
        const values = [0, 0.5, 0.999];
        let i = 0;
        return () => values[i++ % 3] as number;
      })(),
    );
    expect([pick(), pick(), pick()]).toEqual(["a", "b", "c"]);
  });

  test("anyOfButTheLast skips the previous pick and still reaches the last item", () => {
    const pick = anyOfButTheLast(["a", "b", "c"], () => 0.999);
    expect(pick()).toBe("c");
    expect(pick()).toBe("b");
    expect(pick()).toBe("c");
  });

  test("a single item is repeated rather than failing; no items is a programming error", () => {
    const pick = anyOfButTheLast(["only"]);
    expect([pick(), pick()]).toEqual(["only", "only"]);
    expect(() => anyOf([])).toThrow();
  });
});
