/** The switches of text answers: one table, read from the query, combined, refused with a 400 when wrong. */
import { describe, expect, test } from "bun:test";
import { ApiError } from "../../lib/http/errors.ts";
import {
  DEFAULT_TEXT_OPTIONS,
  switchParameters,
  TEXT_SWITCHES,
  textOptions,
} from "../../lib/profile/text-switches.ts";

const at = (query: string) => textOptions(`https://rin.example/api/curl${query}`);

describe("reading switches", () => {
  test("none: colour, the terminal's own theme, 80 columns", () => {
    expect(at("")).toBe(DEFAULT_TEXT_OPTIONS);
    expect(at("")).toEqual({ colour: true, truecolor: false, theme: "auto", width: 80, help: false });
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
  });

  test("combined, and beside parameters that are not switches", () => {
    expect(at("?width=60&nocolor&utm_source=x")).toEqual({
      colour: false,
      truecolor: false,
      theme: "auto",
      width: 60,
      help: false,
    });
    expect(at("?theme=light&truecolor&width=120")).toMatchObject({
      theme: "light",
      truecolor: true,
      width: 120,
    });
  });
});

describe("a bad value is a 400 that names what is accepted, never what was sent", () => {
  const cases: [string, string][] = [
    ["?width=39", "width must be a whole number from 40 to 200"],
    ["?width=201", "width must be a whole number from 40 to 200"],
    ["?width=60.5", "width must be a whole number from 40 to 200"],
    ["?width=", "width must be a whole number from 40 to 200"],
    ["?width=%1b%5b2J", "width must be a whole number from 40 to 200"],
    ["?theme=blue", "theme must be dark or light"],
    ["?theme=%1b%5b2J", "theme must be dark or light"],
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
});
