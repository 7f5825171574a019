/** Terminal answers: the renderer loaded once, on first use, and text re-rendered per interval. */
import { expect, test } from "bun:test";
import { liveText, renderer } from "../../lib/profile/terminal.ts";

test("the renderer loads once; every later use has it at once", async () => {
  const first = renderer();
  const alsoWaiting = renderer();
  const module = await first;
  expect(await alsoWaiting).toBe(module);
  expect(renderer()).toBe(module);
  expect(module.stripColour(module.style.good("ok"))).toBe("ok");
});

test("live text is rendered once per interval, and its plain twin is the colour stripped", async () => {
  let now = 0;
  let renders = 0;
  const answer = liveText({ intervalMs: 1000, clock: () => now, cacheControl: "no-store" }, (ansi, at) => {
    renders += 1;
    return `${ansi.style.good("up")} at ${at.getTime()}\n`;
  });
  const text = async (url: string) => (await answer(new Request(url))).text();
  expect(await text("http://x/")).toContain("\u001b[");
  expect(await text("http://x/?nocolor")).toBe("up at 0\n");
  now = 999;
  expect(await text("http://x/?T")).toBe("up at 0\n");
  now = 1000;
  expect(await text("http://x/?nocolor")).toBe("up at 1000\n");
  expect(renders).toBe(2);
});
