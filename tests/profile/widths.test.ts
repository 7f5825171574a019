/**
 * `?width=N`, at every width from 40 to 200: no line wider than N (wide characters count
 * two), and nothing dropped. Wrapped text is compared with its white space removed, since
 * a line may break anywhere a person would break it.
 */
import { describe, expect, test } from "bun:test";
import { visibleWidth } from "../../lib/profile/ansi/width.ts";
import { as, send, testApp } from "../support/app.ts";

const app = testApp();
const WIDTHS = Array.from({ length: 161 }, (_, i) => 40 + i);

interface Profile {
  name: string;
  nativeName: string;
  experience: { role: string; organisation: string }[];
  skills: { name: string; level: number }[];
  links: { url: string }[];
}
const rin = (await (await send(app, "/api/rin.json", as.pythonRequests)).json()) as Profile;

const squash = (text: string) => text.replace(/\s+/g, "");
const widest = (answer: string) => Math.max(...answer.split("\n").map(visibleWidth));
const plainAt = async (url: string, width: number) =>
  (await send(app, `${url}${url.includes("?") ? "&" : "?"}nocolor&width=${width}`, as.curl)).text();

describe("the profile", () => {
  test("fits every width from 40 to 200", async () => {
    for (const width of WIDTHS) {
      expect({ width, fits: widest(await plainAt("/api/curl", width)) <= width }).toEqual({
        width,
        fits: true,
      });
    }
  });

  test("keeps the name, every role and organisation, every skill with its level and every link", async () => {
    for (const width of WIDTHS) {
      const all = squash(await plainAt("/api/curl", width));
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
    expect(await (await send(app, "/api/curl?nocolor", as.curl)).text()).toBe(await plainAt("/api/curl", 80));
  });
});

describe("the ping's status card and the help", () => {
  test("fit every width from 40 to 200, and keep every command whole", async () => {
    for (const width of WIDTHS) {
      const card = await plainAt("/api/ping", width);
      const help = await plainAt("/api/curl?help", width);
      expect({ width, card: widest(card) <= width, help: widest(help) <= width }).toEqual({
        width,
        card: true,
        help: true,
      });
      for (const command of [
        "curl https://rin.example/api/roast",
        "curl 'https://rin.example/api/curl?help'",
      ]) {
        expect({ width, command, kept: squash(card).includes(squash(command)) }).toEqual({
          width,
          command,
          kept: true,
        });
      }
      expect({
        width,
        kept: squash(help).includes(squash("curl 'https://rin.example/api/curl?width=60'")),
      }).toEqual({ width, kept: true });
    }
  });
});
