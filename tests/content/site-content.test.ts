/**
 * Content mistakes, each in one line a person can act on: the file, the field's JSON
 * pointer, the value, and what is expected in words. Never a regular expression, never
 * "union", never a whole list or object dumped.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kind, type TSchema } from "@sinclair/typebox";
import { ContentError } from "../../lib/content/content-error.ts";
import { DECLARED_CONTENT_FILES } from "../../lib/content/content-file.ts";
import { filesOf, readContentFile } from "../../lib/content/files.ts";
import { EXPECTED } from "../../lib/content/mistakes.ts";
import { NOW_HISTORY, readContent, STACK } from "../../lib/content/site-content.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { SITE_URL } from "../support/app.ts";
import { contentFiles, type EditableContent, validContent, writeContent } from "../support/content.ts";
import { POSTS } from "../support/posted.ts";
import { runCommand } from "../support/run.ts";

/** The line start-up would print after `Cannot start: `, or "valid": the profile, /now, then the stack. */
function refusal(edit: (content: EditableContent) => void): string {
  const content = validContent();
  edit(content);
  const files = contentFiles(content);
  try {
    readContent(files, SITE_URL);
    readContentFile(files, STACK, SITE_URL);
    return "valid";
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.message;
  }
}

type Edit = (content: EditableContent) => void;
const first = <T>(list: T[]) => list[0] as T;

/** Each mistake, and the exact line it gets. */
const MISTAKES: [string, Edit, string][] = [
  [
    "an updated day that is not in the calendar (Date.parse would roll it over)",
    (c) => {
      c.profile.updated = "2026-02-30";
    },
    'content/profile.json: /updated is "2026-02-30", not in the calendar: February 2026 has 28 days',
  ],
  [
    "a /now day in a month that does not exist",
    (c) => {
      c.now.updated = "2026-13-01";
    },
    'content/now.json: /updated is "2026-13-01", not in the calendar: there is no month 13',
  ],
  [
    "an updated date in another shape",
    (c) => {
      c.now.updated = "15/03/2026";
    },
    'content/now.json: /updated is "15/03/2026"; expected a day like 2024-03-15',
  ],
  [
    "a family name the name does not hold",
    (c) => {
      c.profile.name = "Hanako Yamada";
      c.profile.familyName = "Yamamoto";
    },
    'content/profile.json: /familyName is "Yamamoto", which the name "Hanako Yamada" does not hold; write it as the name does',
  ],
  [
    "an end before its start",
    (c) => {
      Object.assign(first(c.profile.experience), { start: "2020", end: "2019" });
    },
    'content/profile.json: /experience/0/end is "2019", before its start "2020"',
  ],
  [
    "an education that ends before it starts, at the precision both share",
    (c) => {
      Object.assign(first(c.profile.education), { start: "2018-07", end: "2018-06-30" });
    },
    'content/profile.json: /education/0/end is "2018-06-30", before its start "2018-07"',
  ],
  [
    "the experience listed oldest first: the two entries out of order, by their starts",
    (c) => {
      c.profile.experience.reverse();
    },
    "content/profile.json: /experience/1 (started 2022-04) is newer than /experience/0 (started 2019): list the newest first",
  ],
  [
    "a career date written with slashes",
    (c) => {
      first(c.profile.experience).start = "2023/04";
    },
    'content/profile.json: /experience/0/start is "2023/04"; expected a year like 2024, a month like 2024-03 or a day like 2024-03-15',
  ],
  [
    "a bad end: the union's words, not 'expected union value'",
    (c) => {
      Object.assign(c.profile.experience[1] as object, { end: "March 2022" });
    },
    'content/profile.json: /experience/1/end is "March 2022"; expected a year like 2024, a month like 2024-03, a day like 2024-03-15, or null for a role that goes on',
  ],
  [
    "an end that is a number",
    (c) => {
      Object.assign(c.profile.experience[1] as object, { end: 2022 });
    },
    "content/profile.json: /experience/1/end is the number 2022; expected a year like 2024, a month like 2024-03, a day like 2024-03-15, or null for a role that goes on",
  ],
  [
    "a career month 13",
    (c) => {
      first(c.profile.experience).start = "2024-13";
    },
    'content/profile.json: /experience/0/start is "2024-13", not in the calendar: there is no month 13',
  ],
  [
    "a career day not in the calendar",
    (c) => {
      first(c.profile.education).end = "2018-04-31";
    },
    'content/profile.json: /education/0/end is "2018-04-31", not in the calendar: April 2018 has 30 days',
  ],
  [
    "a fediverse account without its leading @",
    (c) => {
      Object.assign(c.profile, { fediverse: { account: "ada@mastodon.example" } });
    },
    'content/profile.json: /fediverse/account is "ada@mastodon.example"; expected a fediverse account like @ada@mastodon.social, its server in lower case',
  ],
  [
    "a fediverse account written where its object goes",
    (c) => {
      Object.assign(c.profile, { fediverse: "@ada@mastodon.example" });
    },
    'content/profile.json: /fediverse is the text "@ada@mastodon.example"; expected an object with the fields account and actor',
  ],
  [
    "a fediverse actor that is not https",
    (c) => {
      Object.assign(c.profile, {
        fediverse: { account: "@ada@mastodon.example", actor: "http://mastodon.example/users/ada" },
      });
    },
    'content/profile.json: /fediverse/actor is "http://mastodon.example/users/ada"; expected the account\'s actor, an https:// URL like https://mastodon.social/users/ada',
  ],
  [
    "a Bluesky handle where the DID goes",
    (c) => {
      Object.assign(c.profile, { blueskyDid: "ada.bsky.social" });
    },
    'content/profile.json: /blueskyDid is "ada.bsky.social"; expected a DID as Bluesky\'s change-handle screen shows it: did:plc: and 24 characters of a-z and 2-7, or did:web: and a host name',
  ],
  [
    "a skill level over 100",
    (c) => {
      first(c.profile.skills).level = 140;
    },
    "content/profile.json: /skills/0/level is 140; expected a whole number from 0 to 100",
  ],
  [
    "a level written as text",
    (c) => {
      Object.assign(first(c.profile.skills), { level: "80" });
    },
    'content/profile.json: /skills/0/level is the text "80"; expected a whole number from 0 to 100',
  ],
  [
    "a missing field",
    (c) => {
      Reflect.deleteProperty(c.now, "building");
    },
    "content/now.json: /building is missing; expected a list of 1 to 6 entries",
  ],
  [
    "a misspelt field: missing, with the stray named",
    (c) => {
      const { name, ...rest } = c.profile;
      c.profile = Object.assign(rest, { nmae: name }) as never;
    },
    'content/profile.json: /name is missing ("nmae" is not a field: misspelt?); expected text of 1 to 60 characters',
  ],
  [
    "an unknown field: the fields it knows are named",
    (c) => {
      Object.assign(c.stack, { colour: "teal" });
    },
    "content/stack.json: /colour is not a field here; the fields are framework, runtime, language, styling, typography, deployment and easterEggs",
  ],
  [
    "a wrong type",
    (c) => {
      Object.assign(c.profile, { name: 42 });
    },
    "content/profile.json: /name is the number 42; expected text of 1 to 60 characters",
  ],
  [
    "an empty text",
    (c) => {
      c.profile.role = "";
    },
    "content/profile.json: /role is empty; expected text of 1 to 60 characters",
  ],
  [
    "a text over its limit: its length, the start of it, the limit",
    (c) => {
      c.profile.tagline = `Counts things ${"very ".repeat(20)}carefully.`;
    },
    'content/profile.json: /tagline is 124 characters long ("Counts things very very very very very…"); at most 100 fit',
  ],
  [
    "too many links",
    (c) => {
      c.profile.links = Array.from({ length: 9 }, (_, n) => ({
        label: `L${n}`,
        url: `https://example.com/${n}`,
      }));
    },
    "content/profile.json: /links has 9 entries; at most 8 fit",
  ],
  [
    "a link given as text where an object is expected",
    (c) => {
      Object.assign(c.profile, { links: ["https://example.com"] });
    },
    'content/profile.json: /links/0 is the text "https://example.com"; expected an object with the fields label and url',
  ],
  [
    "a link that is not absolute",
    (c) => {
      first(c.profile.links).url = "example.com/me";
    },
    'content/profile.json: /links/0/url is "example.com/me"; expected an absolute link that starts with https://, http:// or mailto:',
  ],
  [
    "a handle with capitals",
    (c) => {
      c.profile.handle = "Ada!";
    },
    'content/profile.json: /handle is "Ada!"; expected 1 to 32 lower-case letters, digits or hyphens, like ada-lovelace',
  ],
  [
    "an e-mail address without a domain",
    (c) => {
      c.profile.email = "ada";
    },
    'content/profile.json: /email is "ada"; expected an e-mail address like ada@example.com',
  ],
  [
    "a time zone that is not a zone name",
    (c) => {
      c.profile.location.timezone = "GMT+1 please";
    },
    'content/profile.json: /location/timezone is "GMT+1 please"; expected a time zone of the IANA database, like America/Chicago or Asia/Kolkata',
  ],
  [
    "a time zone the runtime does not know",
    (c) => {
      c.profile.location.timezone = "Europe/Atlantis";
    },
    'content/profile.json: /location/timezone is "Europe/Atlantis", not a time zone this runtime knows; expected one like America/Chicago',
  ],
  [
    "a time zone in the wrong letter case: ICU knows it, but it would be served as written",
    (c) => {
      c.profile.location.timezone = "europe/athens";
    },
    'content/profile.json: /location/timezone is "europe/athens", not the IANA spelling; did you mean "Europe/Athens"?',
  ],
  [
    "a /now status with an escape code in it",
    (c) => {
      c.now.status = "Shipping \u001b[31mfast";
    },
    'content/now.json: /status is "Shipping \\u001b[31mfast"; expected one line of 1 to 80 characters, with no control character, line break or bidirectional control',
  ],
  [
    "a /now entry on two lines",
    (c) => {
      c.now.building[0] = "A difference engine\nand a loom";
    },
    'content/now.json: /building/0 is "A difference engine\\nand a loom"; expected one line of 1 to 120 characters, with no control character, line break or bidirectional control',
  ],
  [
    "a book whose title turns the text after it right to left, quoted so that the line does not turn too",
    (c) => {
      c.now.reading.push({ title: "Notes \u202eon the engine", author: "A. A. L." });
    },
    'content/now.json: /reading/0/title is "Notes \\u202eon the engine"; expected one line of 1 to 120 characters, with no control character, line break or bidirectional control',
  ],
  [
    "an easter egg that is not a curl command",
    (c) => {
      first(c.stack.easterEggs).try = "open the page";
    },
    'content/stack.json: /easterEggs/0/try is "open the page"; expected a curl command against this site, like curl {base_url}/',
  ],
];

describe("content mistakes, one line each", () => {
  test("the content the tests build is valid", () => {
    expect(refusal(() => {})).toBe("valid");
  });

  test.each(MISTAKES)("%s", (_what, edit, line) => {
    expect(refusal(edit)).toBe(line);
  });

  test.each(MISTAKES)("%s: says it in words, with no pattern, no 'union' and no dump", (_what, edit) => {
    const line = refusal(edit);
    expect(line).not.toMatch(/union|\^|\$|\[0-9\]|\\d|\{"|\[\{/i);
    expect(line.split("\n")).toHaveLength(1);
  });

  test("dates: a year, a month and a day are all accepted, and an end in the same year as its start", () => {
    const line = refusal((c) => {
      Object.assign(first(c.profile.experience), { start: "2024-03-15" });
      Object.assign(c.profile.experience[1] as object, { start: "2020", end: "2020-05" });
      Object.assign(first(c.profile.education), { start: "2024-02-29", end: "2024-02-29" });
    });
    expect(line).toBe("valid");
  });

  test("the handle's words end with a whole example, itself a valid handle", () => {
    const example = /like ([^ ]+)$/.exec(refusal((c) => Object.assign(c.profile, { handle: "Ada!" })))?.[1];
    expect(example).toBe("ada-lovelace");
    expect(refusal((c) => Object.assign(c.profile, { handle: example }))).toBe("valid");
  });

  test("experience: starts compared at the precision both have, so 2019 may come before 2019-05", () => {
    const line = refusal((c) => {
      Object.assign(first(c.profile.experience), { start: "2019", end: null });
      Object.assign(c.profile.experience[1] as object, { start: "2019-05", end: "2022-03-31" });
    });
    expect(line).toBe("valid");
  });

  test("time zones: an alias and a name in UTC's own case are accepted, whatever ICU resolves them to", () => {
    for (const timeZone of [
      "Asia/Calcutta",
      "Asia/Kolkata",
      "UTC",
      "Etc/UTC",
      "America/Argentina/Buenos_Aires",
    ]) {
      expect(refusal((c) => Object.assign(c.profile.location, { timezone: timeZone }))).toBe("valid");
    }
  });

  test("{base_url} in content becomes the site's origin", () => {
    const stack = readContentFile(contentFiles(validContent()), STACK, SITE_URL);
    expect(stack.easterEggs[0]?.try).toBe(`curl ${SITE_URL}/`);
  });

  test("a file that is an object where a list is expected names the list's entries", () => {
    expect(refusal((c) => Object.assign(c.stack, { easterEggs: {} }))).toBe(
      "content/stack.json: /easterEggs is an object; expected a list of 1 to 10 entries",
    );
  });
});

describe("the history of /now, one line per mistake", () => {
  const update = (id: string, at: string, text = "Building: a difference engine") => ({
    id: `urn:uuid:${id}`,
    at,
    text,
  });
  const refusalOf = (history: unknown): string => {
    try {
      readContentFile(filesOf({ "now-history.json": history }), NOW_HISTORY, SITE_URL);
      return "valid";
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return error.message;
    }
  };

  test.each([
    ["none yet", []],
    [
      "updates newest first, each named once",
      [update("b", "2026-03-15T09:30:00Z"), update("a", "2026-03-14T23:59:59Z")],
    ],
    [
      "an update posted to Bluesky and to Mastodon",
      [{ ...update("a", "2026-03-15T09:30:00Z"), posts: POSTS }],
    ],
  ])("%s: valid", (_what, history) => {
    expect(refusalOf(history)).toBe("valid");
  });

  test.each([
    [
      "an update older than the one after it",
      [update("a", "2026-03-14T09:30:00Z"), update("b", "2026-03-15T09:30:00Z")],
      "content/now-history.json: /1/at (2026-03-15T09:30:00Z) is not older than /0/at (2026-03-14T09:30:00Z): list the newest first",
    ],
    [
      "two updates with one id",
      [update("a", "2026-03-15T09:30:00Z"), update("a", "2026-03-14T09:30:00Z")],
      "content/now-history.json: /1/id is /0/id too; each update has an id of its own",
    ],
    [
      "an instant on a day that is not in the calendar",
      [update("a", "2026-02-30T09:30:00Z")],
      'content/now-history.json: /0/at is "2026-02-30T09:30:00Z", not in the calendar: February 2026 has 28 days',
    ],
    [
      "an instant at a time no clock shows",
      [update("a", "2026-03-15T24:30:00Z")],
      'content/now-history.json: /0/at is "2026-03-15T24:30:00Z", not a time of day',
    ],
    [
      "an instant with an offset rather than in UTC",
      [update("a", "2026-03-15T09:30:00+01:00")],
      'content/now-history.json: /0/at is "2026-03-15T09:30:00+01:00"; expected an instant in UTC like 2024-03-15T09:30:00Z',
    ],
    [
      "an id that is no URI",
      [{ ...update("a", "2026-03-15T09:30:00Z"), id: "update one" }],
      'content/now-history.json: /0/id is "update one"; expected a URI naming this update for good, like urn:uuid:0b5c1f3e-…; bun run now writes one',
    ],
    [
      "a text on two lines",
      [update("a", "2026-03-15T09:30:00Z", "Building:\na difference engine")],
      'content/now-history.json: /0/text is "Building:\\na difference engine"; expected one line of 1 to 300 characters, with no control character, line break or bidirectional control',
    ],
    [
      "an update posted twice to one service",
      [{ ...update("a", "2026-03-15T09:30:00Z"), posts: [POSTS[0], POSTS[0]] }],
      "content/now-history.json: /0/posts has two posts on bluesky; an update is posted once to each",
    ],
    [
      "a post on a service the site does not post to",
      [{ ...update("a", "2026-03-15T09:30:00Z"), posts: [{ ...POSTS[1], service: "myspace" }] }],
      'content/now-history.json: /0/posts/0/service is "myspace"; expected "bluesky" or "mastodon"',
    ],
    [
      "a post whose id is neither a Bluesky URI nor a Mastodon id",
      [{ ...update("a", "2026-03-15T09:30:00Z"), posts: [{ ...POSTS[1], id: "113 55" }] }],
      'content/now-history.json: /0/posts/0/id is "113 55"; expected an at:// URI of a Bluesky post, or a Mastodon status id (letters and digits)',
    ],
    [
      "an object where the list of updates is expected",
      {},
      "content/now-history.json: the file is an object; expected a list of updates",
    ],
  ])("%s", (_what, history, line) => {
    expect(refusalOf(history)).toBe(line);
  });
});

describe("a day's shape, whichever date format was registered first", () => {
  // Whoever imports the app before the content checks gets Elysia's `date` format, which
  // takes other shapes of day. The suite's preload registers ours first, so a process of
  // its own imports the app first, and says whose `date` stands.
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const APP_FIRST = `
    import "./lib/app/app.ts";
    import { FormatRegistry } from "@sinclair/typebox";
    import { folderFiles } from "./lib/content/files.ts";
    import { readContent } from "./lib/content/site-content.ts";
    console.log(FormatRegistry.Get("date")("2026/03/15") ? "Elysia's date" : "our date");
    try {
      readContent(folderFiles(process.env.DAY_DIR), ${JSON.stringify(SITE_URL)});
      console.log("valid");
    } catch (error) {
      console.log(error.message);
    }`;

  const DAYS_IN_OTHER_SHAPES: [string, Edit, string][] = [
    [
      "profile.json",
      (c) => {
        c.profile.updated = "2026/03/15";
      },
      '/updated is "2026/03/15"; expected a day like 2024-03-15',
    ],
    [
      "now.json",
      (c) => {
        c.now.updated = "2026-3-1";
      },
      '/updated is "2026-3-1"; expected a day like 2024-03-15',
    ],
  ];

  test.each(DAYS_IN_OTHER_SHAPES)(
    "%s: an updated day in another shape is refused after Elysia is loaded",
    async (file, edit, problem) => {
      const content = validContent();
      edit(content);
      const dir = mkdtempSync(join(tmpdir(), "site-api-day-"));
      folders.push(dir);
      writeContent(dir, content);
      const { stdout } = await runCommand(["bun", "--eval", APP_FIRST], {
        cwd: join(import.meta.dir, "..", ".."),
        env: { ...process.env, DAY_DIR: dir },
      });
      expect(stdout.trim().split("\n")).toEqual(["Elysia's date", `${dir}/${file}: ${problem}`]);
    },
  );
});

/** Every schema node under `schema`, with its JSON pointer. */
function* nodes(schema: TSchema, path = ""): Generator<[string, TSchema]> {
  yield [path, schema];
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>))
    yield* nodes(child, `${path}/${key}`);
  if (schema.items) yield* nodes(schema.items as TSchema, `${path}/*`);
  for (const [index, variant] of ((schema.anyOf ?? []) as TSchema[]).entries())
    yield* nodes(variant, `${path}|${index}`);
}

test("every pattern, format and union of every content file's schema, the route files' own too, says in words what it expects", () => {
  expect(routes.length).toBeGreaterThan(0); // every route file is loaded, and has declared its files
  const checked = DECLARED_CONTENT_FILES.flatMap(({ name, schema }) =>
    [...nodes(schema)]
      .filter(([, node]) => node.pattern !== undefined || node.format !== undefined || node[Kind] === "Union")
      .map(([path, node]) => ({ at: `${name}${path}`, words: node[EXPECTED] })),
  );
  expect(checked.map(({ at }) => at)).toContain("profile.json/experience/*/end");
  expect(checked.filter(({ words }) => typeof words !== "string" || words === "")).toEqual([]);
});
