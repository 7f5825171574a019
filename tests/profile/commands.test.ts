/**
 * Commands in text answers survive copy-paste, with a real, long SITE_URL: a command is
 * never broken inside a word; one wider than the line is continued with ` \`; a word
 * wider than the line stands whole on a line of its own (the one line allowed past the
 * width); and what a command does is never beside it with fewer than 3 spaces between.
 */

import { describe, expect, test } from "bun:test";
import { commandLines, commandList, PLAIN, shellWords, visibleWidth } from "../../lib/profile/ansi/index.ts";
import { terminalTextPaths, testApp } from "../support/app.ts";
import { commandProblems, commandsIn, LONG_SITE_URL, overflowing } from "../support/commands.ts";
import { ownerContent } from "../support/owners.ts";
import { plainAt, WIDTHS } from "../support/text.ts";

const app = testApp({ env: { SITE_URL: LONG_SITE_URL } });

/** Every text answer a terminal gets, from the route table, and the switches' help. */
const ANSWERS = [...(await terminalTextPaths(app, ownerContent("rin", LONG_SITE_URL))), "/?help"];

describe.each(ANSWERS)("%s with a long SITE_URL", (url) => {
  /** The commands it shows, read where none is broken. */
  const shown = async () => commandsIn(await plainAt(app, url, 200));

  test.each([40, 60, 80, 120])(
    "at %d columns shows each command whole and apart from what it does",
    async (width) => {
      const text = await plainAt(app, url, width);
      const problems = (await shown()).flatMap((command) => commandProblems(text, command));
      expect({ width, problems }).toEqual({ width, problems: [] });
    },
  );

  test("at every width from 40 to 200, no line is wider but one that is a single word of a command", async () => {
    const commands = await shown();
    for (const width of WIDTHS) {
      expect({ width, over: overflowing(await plainAt(app, url, width), width, commands) }).toEqual({
        width,
        over: [],
      });
    }
  });
});

describe("a command, drawn", () => {
  const url = `${LONG_SITE_URL}/api/example.json`;

  test("stays on one line when it fits", () => {
    expect(commandLines(`curl ${url}`, 120, PLAIN)).toEqual([`curl ${url}`]);
  });

  test("is broken only between words, each line but the last continued with ' \\'", () => {
    const lines = commandLines(
      "curl -H 'Accept: text/vcard' -o card.vcf https://example.com/api/card",
      40,
      PLAIN,
    );
    expect(lines).toEqual([
      "curl -H 'Accept: text/vcard' -o \\",
      "    card.vcf \\",
      "    https://example.com/api/card",
    ]);
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(40);
  });

  test("keeps together the words it is given grouped", () => {
    expect(commandLines(["curl", "-o card.vcf", "https://example.com/api/card"], 30, PLAIN)).toEqual([
      "curl -o card.vcf \\",
      "    https://example.com/api/card",
    ]);
  });

  test("gives a word wider than the line a line of its own, whole", () => {
    expect(commandLines(`curl ${url}`, 40, PLAIN)).toEqual(["curl \\", `    ${url}`]);
  });

  test("splits into shell words, never inside quotes", () => {
    expect(shellWords(`curl -H 'Accept: text/vcard' "a b" '${url}?x=1'`)).toEqual([
      "curl",
      "-H",
      "'Accept: text/vcard'",
      '"a b"',
      `'${url}?x=1'`,
    ]);
  });

  test("has what it does beside it with 3 spaces or more between them, or on the next line", () => {
    const entries = [
      { command: "curl https://x.dev/a", why: "one" },
      { command: "curl https://x.dev/longer", why: "two" },
    ];
    expect(commandList(entries, 60, PLAIN)).toEqual([
      "curl https://x.dev/a        one",
      "curl https://x.dev/longer   two",
    ]);
    expect(commandList(entries, 40, PLAIN)).toEqual([
      "curl https://x.dev/a",
      "  one",
      "curl https://x.dev/longer",
      "  two",
    ]);
  });
});
