/** Terminal answers: the renderer loaded once, variants rendered when first asked for, and no more of them kept than the limit. */
import { expect, test } from "bun:test";
import { liveText, renderer, VARIANT_LIMIT } from "../../lib/profile/terminal.ts";

test("the renderer loads once; every later use has it at once", async () => {
  const first = renderer();
  const alsoWaiting = renderer();
  const module = await first;
  expect(await alsoWaiting).toBe(module);
  expect(renderer()).toBe(module);
});

/** A live text that records what it renders: the clock's interval, the width and whether in colour. */
function recording() {
  let now = 0;
  const renders: string[] = [];
  const answer = liveText(
    { intervalMs: 1000, clock: () => now, cacheControl: "no-store", url: "https://rin.example/api/x" },
    (_ansi, at, { width, style }) => {
      renders.push(`${at.getTime()} ${width}`);
      return `${style.good("up")} at ${at.getTime()}, ${width} wide\n`;
    },
  );
  const text = async (query = "") => (await answer(new Request(`https://rin.example/api/x${query}`))).text();
  return { text, renders, setNow: (ms: number) => (now = ms) };
}

test("renders each variant once per interval, and the same text with or without colour", async () => {
  const { text, renders, setNow } = recording();
  expect(await text()).toContain("\u001b[");
  expect(await text("?nocolor")).toBe("up at 0, 80 wide\n");
  expect(await text("?T&width=40")).toBe("up at 0, 40 wide\n");
  setNow(999);
  expect(await text("?nocolor")).toBe("up at 0, 80 wide\n");
  setNow(1000);
  expect(await text("?nocolor")).toBe("up at 1000, 80 wide\n");
  expect(renders).toEqual(["0 80", "0 80", "0 40", "1000 80"]);
});

test(`keeps at most ${VARIANT_LIMIT} variants, dropping the oldest, whatever strangers ask for`, async () => {
  const { text, renders } = recording();
  for (let width = 40; width < 40 + VARIANT_LIMIT + 1; width++) await text(`?nocolor&width=${width}`);
  expect(renders).toHaveLength(VARIANT_LIMIT + 1);
  await text(`?nocolor&width=${40 + VARIANT_LIMIT}`);
  expect(renders).toHaveLength(VARIANT_LIMIT + 1);
  await text("?nocolor&width=40");
  expect(renders).toHaveLength(VARIANT_LIMIT + 2);
});

test("?help lists every switch with a command that uses it, its URL quoted", async () => {
  const { text } = recording();
  const help = await text("?help&nocolor");
  for (const name of ["nocolor, T", "truecolor", "theme=dark|light", "width=N", "help"])
    expect(help).toContain(name);
  expect(help).toContain("curl 'https://rin.example/api/x?width=60'");
});
