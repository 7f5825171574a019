/**
 * `?width=N`, at every width from 40 to 200: no line wider than N (wide characters count
 * two) but a line holding one whole word of a command, too wide for any line (none with
 * this SITE_URL; `commands.test.ts` has one long enough), and nothing dropped. Wrapped
 * text is compared with its white space removed, since a line may break anywhere a
 * person would break it.
 */
import { describe, expect, test } from "bun:test";
import { as, send, testApp } from "../support/app.ts";
import { commandProblems, commandsIn, overflowing } from "../support/commands.ts";
import { ownerFile } from "../support/owners.ts";
import { plainAt, squash, WIDTHS } from "../support/text.ts";

const app = testApp();

interface Profile {
  handle: string;
  name: string;
  nativeName: string;
  experience: { role: string; organisation: string }[];
  skills: { name: string; level: number }[];
  links: { url: string }[];
}
const rin = ownerFile<Profile>("rin", "profile.json");

/** The commands a text answer shows, read where none is broken. */
const commandsOf = async (url: string) => commandsIn(await plainAt(app, url, 200));

describe("the profile", () => {
  test("fits every width from 40 to 200", async () => {
    const commands = await commandsOf("/");
    for (const width of WIDTHS) {
      const over = overflowing(await plainAt(app, "/", width), width, commands);
      expect({ width, over }).toEqual({ width, over: [] });
    }
  });

  test("keeps the name, every role and organisation, every skill with its level and every link", async () => {
    for (const width of WIDTHS) {
      const all = squash(await plainAt(app, "/", width));
      const pieces = [
        rin.name,
        rin.nativeName,
        ...rin.experience.flatMap(({ role, organisation }) => [role, organisation]),
        ...rin.links.map(({ url }) => url),
      ];
      const missing = pieces.filter((piece) => !all.includes(squash(piece)));
      const skillsMissing = rin.skills
        .filter(
          ({ name, level }) => !new RegExp(`${RegExp.escape(squash(name))}[█▏▎▍▌▋▊▉░]+${level}`).test(all),
        )
        .map(({ name }) => name);
      expect({ width, missing, skillsMissing }).toEqual({ width, missing: [], skillsMissing: [] });
    }
  });

  test("is laid out for 80 columns without the switch", async () => {
    expect(await (await send(app, "/?nocolor", as.curl)).text()).toBe(await plainAt(app, "/", 80));
  });
});

describe("the ping's status card and the help", () => {
  test("fit every width from 40 to 200, and keep every command whole, apart from what it does", async () => {
    const commands = { card: await commandsOf("/api/ping"), help: await commandsOf("/?help") };
    for (const width of WIDTHS) {
      const card = await plainAt(app, "/api/ping", width);
      const help = await plainAt(app, "/?help", width);
      expect({
        width,
        card: overflowing(card, width, commands.card),
        help: overflowing(help, width, commands.help),
        commands: [
          ...commands.card.flatMap((command) => commandProblems(card, command)),
          ...commands.help.flatMap((command) => commandProblems(help, command)),
        ],
      }).toEqual({ width, card: [], help: [], commands: [] });
    }
  });
});
