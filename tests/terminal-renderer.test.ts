/** The terminal renderer loads on first use, then answers synchronously. */
import { expect, test } from "bun:test";
import { withTerminalRenderer } from "../lib/terminal-renderer.ts";

test("the first use waits for the renderer to load; later uses get it at once", async () => {
  const first = withTerminalRenderer((ansi) => ansi.stripColour(ansi.style.good("ok")));
  expect(first).toBeInstanceOf(Promise);
  expect(await first).toBe("ok");

  const later = withTerminalRenderer((ansi) => ansi.stripColour(ansi.style.good("ok")));
  expect(later).toBe("ok");
});
