/** Modules loaded on first use, as the terminal renderer is. */
import { expect, test } from "bun:test";
import { loadedOnFirstUse, withTerminalRenderer } from "../../lib/profile/terminal-renderer.ts";

test("the first use waits for the module, once; later uses get it at once", async () => {
  let loads = 0;
  const withModule = loadedOnFirstUse(async () => {
    loads += 1;
    return { answer: 42 };
  });

  const first = withModule((module, offset) => module.answer + offset, 0);
  const alsoWaiting = withModule((module, offset) => module.answer + offset, 1);
  expect(first).toBeInstanceOf(Promise);
  expect(await first).toBe(42);
  expect(await alsoWaiting).toBe(43);

  expect(withModule((module, offset) => module.answer + offset, 0)).toBe(42);
  expect(loads).toBe(1);
});

test("the terminal renderer is the ansi module", async () => {
  const plain = await withTerminalRenderer((ansi, text) => ansi.stripColour(ansi.style.good(text)), "ok");
  expect(plain).toBe("ok");
});
