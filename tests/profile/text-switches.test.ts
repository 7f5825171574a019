/** The switches of text answers: one table, read from the query, combined, refused with a 400 when wrong. */
import { describe, expect, test } from "bun:test";
import { ApiError } from "../../lib/http/errors.ts";
import { stripColour, visibleWidth } from "../../lib/profile/ansi/index.ts";
import {
  DEFAULT_TEXT_OPTIONS,
  queryOf,
  SWITCH_WORDS,
  switchesIn,
  switchParameters,
  TEXT_SWITCHES,
} from "../../lib/profile/text-switches.ts";
import { as, routePath, SITE_URL, send, terminalTextPaths, testApp, withQuery } from "../support/app.ts";

const at = (query: string) => switchesIn(queryOf(`https://rin.example/${query}`));

describe("reading switches", () => {
  test("none: colour, the terminal's own theme, 80 columns", () => {
    expect(at("")).toBe(DEFAULT_TEXT_OPTIONS);
    expect(at("")).toEqual({
      colour: true,
      truecolor: false,
      theme: "auto",
      width: 80,
      help: false,
      ansi: false,
      tmux: false,
      waybar: false,
    });
  });

  test("each switch, in its long and short form", () => {
    expect(at("?nocolor").colour).toBe(false);
    expect(at("?T").colour).toBe(false);
    expect(at("?truecolor").truecolor).toBe(true);
    expect(at("?theme=light").theme).toBe("light");
    expect(at("?theme=dark").theme).toBe("dark");
    expect(at("?width=40").width).toBe(40);
    expect(at("?width=200").width).toBe(200);
    expect(at("?help").help).toBe(true);
    expect(at("?ansi").ansi).toBe(true);
    expect(at("?A").ansi).toBe(true);
    expect(at("?tmux").tmux).toBe(true);
    expect(at("?waybar").waybar).toBe(true);
  });

  test("width, for text not laid out to one, is ignored, as a parameter with no use is", () => {
    const query = queryOf("https://rin.example/?format=1&width=30");
    expect(() => switchesIn(query)).toThrow("width must be a whole number from 40 to 200");
    expect(switchesIn(query, { laidOut: false }).width).toBe(80);
  });

  test("combined, and beside parameters that are not switches", () => {
    expect(at("?width=60&nocolor&utm_source=x")).toEqual({
      colour: false,
      truecolor: false,
      theme: "auto",
      width: 60,
      help: false,
      ansi: false,
      tmux: false,
      waybar: false,
    });
    expect(at("?theme=light&truecolor&width=120")).toMatchObject({
      theme: "light",
      truecolor: true,
      width: 120,
    });
  });
});

describe("a switch that takes no value does what its value says", () => {
  const VALUELESS = [
    ["nocolor", (query: string) => !at(query).colour],
    ["T", (query: string) => !at(query).colour],
    ["truecolor", (query: string) => at(query).truecolor],
    ["help", (query: string) => at(query).help],
    ["ansi", (query: string) => at(query).ansi],
    ["A", (query: string) => at(query).ansi],
  ] as const;

  test.each(VALUELESS)("%s is on with no value, or with a yes-word in any letter case", (name, isOn) => {
    for (const value of [
      `?${name}`,
      `?${name}=`,
      `?${name}=1`,
      `?${name}=true`,
      `?${name}=Yes`,
      `?${name}=ON`,
    ]) {
      expect({ value, on: isOn(value) }).toEqual({ value, on: true });
    }
  });

  test.each(VALUELESS)(
    "%s is off with a no-word in any letter case, as if it were not there",
    (name, isOn) => {
      for (const value of [`?${name}=0`, `?${name}=false`, `?${name}=No`, `?${name}=OFF`]) {
        expect({ value, on: isOn(value) }).toEqual({ value, on: false });
      }
    },
  );

  test("nocolor's two names: on when either says yes", () => {
    expect(at("?nocolor=0&T").colour).toBe(false);
    expect(at("?nocolor=0&T=0").colour).toBe(true);
    expect(at("?nocolor=no&width=60")).toEqual({ ...DEFAULT_TEXT_OPTIONS, width: 60 });
  });

  test("the words are the documented ones: four yes-words and four no-words", () => {
    expect(SWITCH_WORDS).toEqual({ on: ["1", "true", "yes", "on"], off: ["0", "false", "no", "off"] });
  });
});

describe("a bad value is a 400 that names what is accepted, never what was sent", () => {
  const VALUELESS_REFUSAL = "is on with no value or with 1, true, yes or on; off with 0, false, no or off";
  const cases: [string, string][] = [
    ["?width=39", "width must be a whole number from 40 to 200"],
    ["?width=201", "width must be a whole number from 40 to 200"],
    ["?width=60.5", "width must be a whole number from 40 to 200"],
    ["?width=", "width must be a whole number from 40 to 200"],
    ["?width=%1b%5b2J", "width must be a whole number from 40 to 200"],
    ["?theme=blue", "theme must be dark or light"],
    ["?theme=%1b%5b2J", "theme must be dark or light"],
    ["?nocolor=maybe", `nocolor ${VALUELESS_REFUSAL}`],
    ["?T=2", `T ${VALUELESS_REFUSAL}`],
    ["?truecolor=%1b%5b2J", `truecolor ${VALUELESS_REFUSAL}`],
    ["?help=please", `help ${VALUELESS_REFUSAL}`],
    ["?nocolor&nocolor=yes%20please", `nocolor ${VALUELESS_REFUSAL}`],
  ];
  test.each(cases)("%s", (query, message) => {
    let thrown: unknown;
    try {
      at(query);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(400);
    expect((thrown as ApiError).message).toBe(message);
  });
});

test("the OpenAPI document's query parameters come from the same table", () => {
  const names = switchParameters().map(({ name }) => name);
  expect(names).toEqual(
    TEXT_SWITCHES.flatMap((sw) => ["short" in sw ? [sw.name, sw.short] : [sw.name]]).flat(),
  );
  const width = switchParameters().find(({ name }) => name === "width");
  expect(width?.schema).toEqual({ type: "integer", minimum: 40, maximum: 200 });
  expect(switchParameters().find(({ name }) => name === "theme")?.schema).toEqual({
    type: "string",
    enum: ["dark", "light"],
  });
  const nocolor = switchParameters().find(({ name }) => name === "nocolor");
  expect(nocolor?.schema).toEqual({
    type: "string",
    enum: ["", "1", "true", "yes", "on", "0", "false", "no", "off"],
  });
  expect(nocolor?.description).toContain(
    "Takes no value: on with no value or with 1, true, yes or on; off with 0, false, no or off, in any letter case.",
  );
});

const app = testApp();
const PATHS = await terminalTextPaths(app);

describe("the switches, over every text answer a terminal gets", () => {
  const text = async (url: string, headers: Record<string, string> = as.curl) => {
    const response = await send(app, url, headers);
    return { status: response.status, body: await response.text() };
  };

  test("combine: ?width=60&nocolor is 60 columns without colour, ?theme=light&truecolor the same text in 24-bit colour", async () => {
    const narrow = await text("/?width=60&nocolor");
    expect(narrow.body).not.toContain("\u001b");
    expect(Math.max(...narrow.body.split("\n").map(visibleWidth))).toBeLessThanOrEqual(60);
    const light = await text("/?theme=light&truecolor");
    expect(light.body).toContain("\u001b[38;2;");
    expect(stripColour(light.body)).toBe((await text("/?theme=light&nocolor")).body);
  });

  test.each(PATHS)(
    "%s: a bad value is the 400 envelope naming what is accepted, never echoing what was sent",
    async (path) => {
      for (const [query, message] of [
        ["width=%1b%5b2J", "width must be a whole number from 40 to 200"],
        ["width=39", "width must be a whole number from 40 to 200"],
        ["theme=%1b%5b2J", "theme must be dark or light"],
        [
          "nocolor=%1b%5b2J",
          "nocolor is on with no value or with 1, true, yes or on; off with 0, false, no or off",
        ],
      ] as const) {
        const answer = await text(withQuery(path, `?${query}`));
        expect({ query, status: answer.status, body: JSON.parse(answer.body) }).toEqual({
          query,
          status: 400,
          body: { error: { status: 400, code: "bad_request", message } },
        });
      }
    },
  );

  test.each(PATHS)(
    "%s: ?nocolor=0 and ?truecolor=no say no: the answer is the one without them",
    async (path) => {
      const plain = await text(path);
      expect((await text(withQuery(path, "?nocolor=0"))).body).toBe(plain.body);
      expect((await text(withQuery(path, "?truecolor=no&T=false"))).body).toBe(plain.body);
      expect((await text(withQuery(path, "?help=off"))).body).toBe(plain.body);
      expect((await text(withQuery(path, "?nocolor=YES"))).body).toBe(
        (await text(withQuery(path, "?nocolor"))).body,
      );
    },
  );

  test.each(PATHS)("%s?help lists the switches, each at the answer's own URL", async (path) => {
    const help = await text(withQuery(path, "?help&nocolor"));
    expect(help.body).toContain(`curl '${SITE_URL}${routePath(path)}?width=60'`);
  });
});
