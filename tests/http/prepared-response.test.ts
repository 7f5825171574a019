/** Prepared responses kept per key: built on a key's first request, never again. */
import { describe, expect, test } from "bun:test";
import { CACHE_CONTROL } from "../../lib/http/headers.ts";
import { preparedPerKey, preparedPerValue } from "../../lib/http/prepared-response.ts";

describe("preparedPerKey", () => {
  test("builds a key's answer on its first request and only then", () => {
    const answerFor = preparedPerKey<string>({ cacheControl: CACHE_CONTROL.noStore });
    const built: string[] = [];
    const build = (key: string) => {
      built.push(key);
      return { key };
    };
    const first = answerFor("a", build);
    expect(answerFor("a", build)).toBe(first);
    expect(answerFor("b", build)).not.toBe(first);
    expect(built).toEqual(["a", "b"]);
  });

  test("answers the value built, compact or pretty", async () => {
    const answer = preparedPerKey<string>({})("a", () => ({ a: 1 }));
    expect(await answer.compact.respond(new Request("http://localhost/")).text()).toBe('{"a":1}');
    expect(await answer.pretty.respond(new Request("http://localhost/")).text()).toBe('{\n  "a": 1\n}\n');
  });
});

test("preparedPerValue keeps one answer per value", () => {
  const answerFor = preparedPerValue<{ quote: string }>(CACHE_CONTROL.noStore);
  const value = { quote: "q" };
  expect(answerFor(value)).toBe(answerFor(value));
  expect(answerFor({ quote: "q" })).not.toBe(answerFor(value));
});
