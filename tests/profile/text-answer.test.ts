/** Text answers: each variant drawn when first asked for, live text drawn again each interval, and no more variants kept than the limit. */
import { expect, test } from "bun:test";
import { ApiError } from "../../lib/http/errors.ts";
import { fixedText, liveText, VARIANT_LIMIT } from "../../lib/profile/text-answer.ts";

/** A live text that records what it draws: the clock's interval and the width. */
function recording() {
  let now = 0;
  const draws: string[] = [];
  const answer = liveText(
    { intervalMs: 1000, clock: () => now, cacheControl: "no-store", url: "https://rin.example/api/x" },
    ({ width, style }, at) => {
      draws.push(`${at.getTime()} ${width}`);
      return `${style.good("up")} at ${at.getTime()}, ${width} wide\n`;
    },
  );
  const text = async (query = "") => (await answer(new Request(`https://rin.example/api/x${query}`))).text();
  return { text, draws, setNow: (ms: number) => (now = ms) };
}

test("draws each variant once per interval, and the same text with or without colour", async () => {
  const { text, draws, setNow } = recording();
  expect(await text()).toContain("\u001b[");
  expect(await text("?nocolor")).toBe("up at 0, 80 wide\n");
  expect(await text("?T&width=40")).toBe("up at 0, 40 wide\n");
  setNow(999);
  expect(await text("?nocolor")).toBe("up at 0, 80 wide\n");
  setNow(1000);
  expect(await text("?nocolor")).toBe("up at 1000, 80 wide\n");
  expect(draws).toEqual(["0 80", "0 80", "0 40", "1000 80"]);
});

test("fixed text is drawn once per variant, and kept", async () => {
  let draws = 0;
  const answer = fixedText({ cacheControl: "no-store", url: "https://rin.example/api/x" }, ({ width }) => {
    draws++;
    return `${width} wide\n`;
  });
  const text = async (query = "") => (await answer(new Request(`https://rin.example/api/x${query}`))).text();
  expect([await text("?nocolor"), await text("?nocolor"), await text("?nocolor&width=50")]).toEqual([
    "80 wide\n",
    "80 wide\n",
    "50 wide\n",
  ]);
  expect(draws).toBe(2);
});

test(`keeps at most ${VARIANT_LIMIT} variants, emptied when full, whatever strangers ask for`, async () => {
  const { text, draws } = recording();
  for (let width = 40; width < 40 + VARIANT_LIMIT + 1; width++) await text(`?nocolor&width=${width}`);
  expect(draws).toHaveLength(VARIANT_LIMIT + 1);
  await text(`?nocolor&width=${40 + VARIANT_LIMIT}`);
  expect(draws).toHaveLength(VARIANT_LIMIT + 1);
  await text("?nocolor&width=40");
  expect(draws).toHaveLength(VARIANT_LIMIT + 2);
});

test("?help lists every switch with a command that uses it, its URL quoted", async () => {
  const { text } = recording();
  const help = await text("?help&nocolor");
  for (const name of ["nocolor, T", "truecolor", "theme=dark|light", "width=N", "help"])
    expect(help).toContain(name);
  expect(help).toContain("curl 'https://rin.example/api/x?width=60'");
});

test("a query's value the answer refuses is refused, every time it is asked", async () => {
  const answer = fixedText(
    {
      cacheControl: "no-store",
      url: "https://rin.example/",
      keyOf(query) {
        const format = query?.get("format") ?? "";
        if (format === "bad") throw new ApiError("bad_request", "format is bad");
        return format;
      },
    },
    ({ key }) => `${key}\n`,
  );
  const ask = (query: string) => answer(new Request(`https://rin.example/${query}`));
  expect(await (await ask("?format=1")).text()).toBe("1\n");
  for (let i = 0; i < 2; i++) expect(() => ask("?format=bad")).toThrow("format is bad");
});
