/**
 * `bun run init`: a new owner's content from flags or from answers in a terminal, checked
 * as start-up checks it and shown by a started server; refusals that write nothing.
 */

import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { folderFiles } from "../../lib/content/files.ts";
import { readContent } from "../../lib/content/site-content.ts";
import { systemTimeZone, zoneOf } from "../../scripts/new-owner.ts";
import { SITE_URL } from "../support/app.ts";
import { validContent, writeContent } from "../support/content.ts";
import { ownerDir } from "../support/owners.ts";
import { runCommand, scriptLines } from "../support/run.ts";
import { startServer } from "../support/server.ts";
import { inTerminal } from "../support/terminal-session.ts";

const ROOT = join(import.meta.dir, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "site-init-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
const newFolder = () => join(scratch, `content-${++folders}`);

/** A new folder holding the sample as shipped (the rin fixture), as a fresh clone's content/ does. */
function shippedSample(): string {
  const dir = newFolder();
  cpSync(ownerDir("rin"), dir, { recursive: true });
  return dir;
}

/** The environment a person has, less a CONTENT_DIR of the caller's. */
const ENV = { ...process.env, CONTENT_DIR: undefined };

const OWNER = [
  "--name",
  "Grace Hopper",
  "--role",
  "Rear admiral",
  "--city",
  "Arlington",
  "--country",
  "United States",
  "--timezone",
  "America/New_York",
  "--email",
  "grace@example.com",
  "--link",
  "GitHub=https://github.com/grace",
  "--link",
  "Site=https://grace.example",
];

async function init(dir: string, ...args: string[]) {
  const ran = await runCommand(["bun", "run", "init", "--content-dir", dir, ...args], {
    cwd: ROOT,
    env: ENV,
  });
  return { ...ran, errors: scriptLines(ran.stderr) };
}

/** `bun run init` in a terminal, over the folder `dir`. */
const initInTerminal = (dir: string, ...args: string[]) =>
  inTerminal(["bun", "run", "init", "--content-dir", dir, ...args], { cwd: ROOT, env: ENV });

describe("with flags", () => {
  test("writes content for the new owner that start-up accepts, and a server shows them", async () => {
    const dir = newFolder();
    const { code, errors } = await init(dir, ...OWNER);
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    expect(JSON.parse(readFileSync(join(dir, "profile.json"), "utf8"))).not.toContainAnyKeys([
      "fediverse",
      "blueskyDid",
    ]);
    const content = readContent(folderFiles(dir), SITE_URL);
    expect(content.profile).toMatchObject({
      handle: "grace-hopper",
      name: "Grace Hopper",
      role: "Rear admiral",
      location: { city: "Arlington", country: "United States", timezone: "America/New_York" },
      email: "grace@example.com",
      links: [
        { label: "GitHub", url: "https://github.com/grace" },
        { label: "Site", url: "https://grace.example" },
      ],
    });
    expect(content.profile.experience).toMatchObject([{ role: "Rear admiral", end: null }]);

    const server = await startServer({ CONTENT_DIR: dir });
    try {
      const page = await fetch(`${server.url}/`, { headers: { "user-agent": "Mozilla/5.0 Firefox/140.0" } });
      expect(await page.text()).toContain("Grace Hopper");
      const index = await fetch(`${server.url}/`, { headers: { "user-agent": "python-requests/2.32" } });
      expect((await index.json()).name).toBe("Grace Hopper's site API");
    } finally {
      await server.stop();
    }
  });

  test("says what it made up, what still holds sample or placeholder text, and what to run next", async () => {
    const dir = shippedSample();
    const { stdout } = await init(
      dir,
      "--name",
      "Ada Lovelace",
      "--role",
      "Analyst",
      "--city",
      "London",
      "--country",
      "United Kingdom",
      "--email",
      "ada@example.com",
    );
    const lines = stdout.trim().split("\n");
    expect(lines).toContain("  handle: ada-lovelace (made from the name)");
    expect(lines).toContain("  timezone: Europe/London (the country's only one)");
    expect(lines).toContain("  link: E-mail, mailto:ada@example.com (from --email)");
    expect(lines).toContain(
      `  ${join(dir, "profile.json")}: /bio, /experience/0/organisation, /experience/0/start, /experience/0/summary, /languages, /skills, /tagline`,
    );
    expect(lines).toContain(`  ${join(dir, "now.json")}: /building, /learning, /status`);
    expect(lines.at(-1)).toBe("Then: bun run dev");
  });

  test.each([
    ["Zagreb", "Croatia", "Europe/Zagreb (the country's only one)"],
    ["New York", "United States", "America/New_York (named after the city)"],
    ["São Paulo", "Brazil", "America/Sao_Paulo (named after the city)"],
    ["zagreb", "Atlantis", "Europe/Zagreb (named after the city)"],
    // Spain has no zone named after Córdoba; Argentina's is not Spain's.
    ["Córdoba", "Spain", undefined],
    ["Arlington", "United States", undefined],
  ])("offers the time zone of %s, %s, when the runtime's data tells it", (city, country, made) => {
    const zone = zoneOf(city, country);
    expect(zone && `${zone.value} (${zone.from})`).toBe(made);
  });

  test("without a zone for the place, says it took this system's", async () => {
    const noTimezone = OWNER.filter((arg, at) => arg !== "--timezone" && OWNER[at - 1] !== "--timezone");
    const { code, stdout } = await init(newFolder(), ...noTimezone);
    expect(code).toBe(0);
    expect(stdout).toContain(`  timezone: ${systemTimeZone()} (this system's)`);
  });

  test("takes a fediverse account and a Bluesky DID, which the server then answers for", async () => {
    const dir = newFolder();
    const did = "did:plc:abcdefghijklmnopqrstuvwx";
    const { code, errors } = await init(
      dir,
      ...OWNER,
      "--fediverse",
      "@grace@mastodon.example",
      "--bluesky-did",
      did,
    );
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    const content = readContent(folderFiles(dir), SITE_URL);
    expect(content.profile).toMatchObject({
      fediverse: { account: "@grace@mastodon.example" },
      blueskyDid: did,
    });
    const server = await startServer({ CONTENT_DIR: dir });
    try {
      const page = await (await fetch(`${server.url}/`, { headers: { "user-agent": "Mozilla/5.0" } })).text();
      expect(page).toContain('<meta name="fediverse:creator" content="@grace@mastodon.example">');
      expect(page).toContain(`<link rel="me" href="https://bsky.app/profile/${did}">`);
    } finally {
      await server.stop();
    }
  });

  test("leaves every other file as it is, and names them as the owner's to edit", async () => {
    const dir = newFolder();
    writeContent(dir, validContent());
    for (const file of ["profile.json", "now.json"]) rmSync(join(dir, file));
    writeFileSync(join(dir, "uses.json"), '[{ "tool": "A pencil" }]\n');
    const others = ["stack.json", "uses.json"];
    const before = others.map((file) => readFileSync(join(dir, file), "utf8"));
    const { code, stdout } = await init(dir, ...OWNER);
    expect(code).toBe(0);
    expect(others.map((file) => readFileSync(join(dir, file), "utf8"))).toEqual(before);
    expect(stdout).toContain(
      `Yours to edit too, as they are until you do: ${others.map((file) => join(dir, file)).join(", ")}`,
    );
  });
});

describe("the history of /now, which the feeds publish", () => {
  const SAMPLE_UPDATE = { id: "urn:uuid:1", at: "2026-11-14T09:12:40Z", text: "Status: the sample's own" };
  const history = (dir: string) => JSON.parse(readFileSync(join(dir, "now-history.json"), "utf8"));

  test("a new /now starts it empty: the sample's updates are not the new owner's to publish", async () => {
    const dir = shippedSample();
    writeFileSync(join(dir, "now-history.json"), JSON.stringify([SAMPLE_UPDATE]));
    const { code, stdout } = await init(dir, ...OWNER);
    expect(code).toBe(0);
    expect(history(dir)).toEqual([]);
    expect(stdout).toContain(join(dir, "now-history.json"));
  });

  test("a /now of the owner's own keeps its history", async () => {
    const dir = newFolder();
    writeContent(dir, validContent());
    writeFileSync(join(dir, "now-history.json"), JSON.stringify([SAMPLE_UPDATE]));
    const { code } = await init(dir, "--role", "Engineer");
    expect(code).toBe(0);
    expect(history(dir)).toEqual([SAMPLE_UPDATE]);
  });
});

describe("in a terminal", () => {
  test("asks for each value and offers what it can make", async () => {
    const dir = newFolder();
    const { converse } = initInTerminal(dir);
    await converse([
      ["Name, as the site shows it: ", "Grace Hopper"],
      ["Handle, for /api/<handle>.json [grace-hopper]: ", ""],
      ["Current role, one line: ", "Rear admiral"],
      ["City: ", "Arlington"],
      ["Country: ", "United States"],
      ["Time zone [", "America/New_York"],
      ["Public e-mail address (empty for none): ", "grace@example.com"],
      ["Fediverse account, like @ada@mastodon.social (empty for none): ", "@grace@mastodon.example"],
      ["Bluesky DID, for your site's domain as your handle (empty for none): ", ""],
      ["Link 1, as LABEL=URL (empty when done): ", "GitHub=https://github.com/grace"],
      ["Link 2, as LABEL=URL (empty when done): ", ""],
    ]);
    const { profile } = readContent(folderFiles(dir), SITE_URL);
    expect(profile).toMatchObject({
      handle: "grace-hopper",
      location: { timezone: "America/New_York" },
      links: [{ label: "GitHub", url: "https://github.com/grace" }],
      fediverse: { account: "@grace@mastodon.example" },
    });
    expect(profile.blueskyDid).toBeUndefined();
  }, 30_000);

  test("a refused answer is said at once, named by its prompt, and its question asked again before the next", async () => {
    const dir = newFolder();
    const { converse, screen } = initInTerminal(dir);
    // Each refusal comes right after its answer, and the same prompt right after it.
    await converse([
      ["Name, as the site shows it: ", "Grace Hopper"],
      ["Handle, for /api/<handle>.json [grace-hopper]: ", "Grace!"],
      [
        '  Handle is "Grace!"; expected 1 to 32 lower-case letters, digits or hyphens, like ada-lovelace',
        undefined,
      ],
      ["Handle, for /api/<handle>.json [grace-hopper]: ", ""],
      ["Current role, one line: ", ""],
      ["  Current role is needed", undefined],
      ["Current role, one line: ", "Rear admiral"],
      ["City: ", "Arlington"],
      ["Country: ", "United States"],
      ["Time zone [", "Mars/Base"],
      [
        '  Time zone is "Mars/Base", not a time zone this runtime knows; expected one like America/Chicago',
        undefined,
      ],
      ["Time zone [", "America/New_York"],
      ["Public e-mail address (empty for none): ", "grace"],
      ['  Public e-mail address is "grace"; expected an e-mail address like ada@example.com', undefined],
      ["Public e-mail address (empty for none): ", ""],
      ["Fediverse account, like @ada@mastodon.social (empty for none): ", ""],
      ["Bluesky DID, for your site's domain as your handle (empty for none): ", ""],
      ["Link 1, as LABEL=URL (empty when done): ", ""],
      ["  Link 1 is needed: there is no e-mail address to make one from", undefined],
      ["Link 1, as LABEL=URL (empty when done): ", "GitHub"],
      ['  Link 1 "GitHub" is not LABEL=URL, like GitHub=https://github.com/ada', undefined],
      ["Link 1, as LABEL=URL (empty when done): ", "GitHub=github.com/grace"],
      [
        '  Link 1: its URL is "github.com/grace"; expected an absolute link that starts with https://, http:// or mailto:',
        undefined,
      ],
      ["Link 1, as LABEL=URL (empty when done): ", "GitHub=https://github.com/grace"],
      ["Link 2, as LABEL=URL (empty when done): ", ""],
    ]);
    // A person at a prompt typed no flag: none is named.
    const [_command, ...conversed] = stripVTControlCharacters(screen()).split("\n");
    expect(conversed.join("\n")).not.toMatch(/--[a-z]/);
    const { profile } = readContent(folderFiles(dir), SITE_URL);
    expect(profile).toMatchObject({
      handle: "grace-hopper",
      role: "Rear admiral",
      location: { timezone: "America/New_York" },
      links: [{ label: "GitHub", url: "https://github.com/grace" }],
    });
    expect(profile.email).toBeUndefined();
  }, 30_000);

  test("a refused flag is named by its flag, then its question is asked", async () => {
    const dir = newFolder();
    const { converse } = initInTerminal(dir, ...OWNER, "--email", "grace");
    await converse([
      ['  --email is "grace"; expected an e-mail address like ada@example.com', undefined],
      ["Handle, for /api/<handle>.json [grace-hopper]: ", ""],
      ["Public e-mail address (empty for none): ", "grace@example.com"],
      ["Fediverse account, like @ada@mastodon.social (empty for none): ", ""],
      ["Bluesky DID, for your site's domain as your handle (empty for none): ", ""],
    ]);
    expect(readContent(folderFiles(dir), SITE_URL).profile.email).toBe("grace@example.com");
  }, 30_000);

  test("says why it offers no handle for a name that makes none, before asking for one", async () => {
    const { child, screen, shows, close } = initInTerminal(newFolder());
    const handlePrompt = "Handle, for /api/<handle>.json: ";
    try {
      await shows("Name, as the site shows it: ");
      child.terminal?.write("Ελένη Παπαδοπούλου\r");
      await shows(handlePrompt);
    } finally {
      close();
    }
    const reason = 'no handle can be made from "Ελένη Παπαδοπούλου" (handles are a-z, 0-9 and -)';
    expect(stripVTControlCharacters(screen())).toContain(`  ${reason}\r\n${handlePrompt}`);
  }, 30_000);
});

describe("refusals: nothing is written", () => {
  test("--help prints the options and the exit statuses, exit 0", async () => {
    const { code, stdout, errors } = await init(newFolder(), "--help");
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    for (const option of [
      "--name",
      "--handle",
      "--timezone",
      "--link LABEL=URL",
      "--fediverse ACCOUNT",
      "--bluesky-did DID",
      "--content-dir",
      "--force",
    ]) {
      expect(stdout).toContain(option);
    }
    expect(stdout).toContain("Exit status:\n  0  written\n  1  nothing written");
  });

  test.each([
    [
      "an unknown option",
      ["--nmae", "Grace"],
      "bun run init: Unknown option '--nmae'; see bun run init --help",
    ],
    [
      "an option without its value",
      ["--name"],
      "bun run init: Option '--name <value>' argument missing; see bun run init --help",
    ],
    [
      "a link that is not LABEL=URL",
      [...OWNER, "--link", "https://example.com"],
      'bun run init: --link "https://example.com" is not LABEL=URL, like GitHub=https://github.com/ada; see bun run init --help',
    ],
    [
      "what a profile needs, with no terminal to ask",
      ["--name", "Grace Hopper"],
      "bun run init: --role, --city, --country and --link (or --email) are needed (or run it in a terminal to be asked)",
    ],
    [
      "a name no handle can be made from, with no --handle: why, and what to give",
      [...OWNER.slice(2), "--name", "Ελένη Παπαδοπούλου"],
      'bun run init: no handle can be made from "Ελένη Παπαδοπούλου" (handles are a-z, 0-9 and -): give --handle (or run it in a terminal to be asked)',
    ],
    [
      "a name no handle can be made from, and more missing",
      ["--name", "林 凛", "--role", "Engineer"],
      'bun run init: no handle can be made from "林 凛" (handles are a-z, 0-9 and -): give --handle; --city, --country and --link (or --email) are needed (or run it in a terminal to be asked)',
    ],
  ])("%s: one line, exit 2", async (_what, args, line) => {
    const dir = newFolder();
    const { code, errors } = await init(dir, ...args);
    expect({ code, errors }).toEqual({ code: 2, errors: [line] });
    expect(existsSync(dir)).toBe(false);
  });

  test.each([
    ["--email", "grace", '--email is "grace"; expected an e-mail address like ada@example.com'],
    [
      "--handle",
      "Grace!",
      '--handle is "Grace!"; expected 1 to 32 lower-case letters, digits or hyphens, like ada-lovelace',
    ],
    [
      "--timezone",
      "Mars/Base",
      '--timezone is "Mars/Base", not a time zone this runtime knows; expected one like America/Chicago',
    ],
    [
      "--fediverse",
      "grace@mastodon.example",
      '--fediverse is "grace@mastodon.example"; expected a fediverse account like @ada@mastodon.social, its server in lower case',
    ],
    [
      "--bluesky-did",
      "grace.bsky.social",
      '--bluesky-did is "grace.bsky.social"; expected a DID as Bluesky\'s change-handle screen shows it: did:plc: and 24 characters of a-z and 2-7, or did:web: and a host name',
    ],
    [
      "--link",
      "GitHub=github.com/grace",
      '--link 3: its URL is "github.com/grace"; expected an absolute link that starts with https://, http:// or mailto:',
    ],
  ])("a value start-up would refuse (%s %s): one line, exit 1", async (flag, value, line) => {
    const dir = newFolder();
    const { code, errors } = await init(dir, ...OWNER, flag, value);
    expect({ code, errors }).toEqual({ code: 1, errors: [`Not written: ${line}`] });
    expect(existsSync(dir)).toBe(false);
  });
});

describe("over content of the owner's own (an import's, an earlier init's, their edits)", () => {
  /** A folder of the made-up owner's own content, with fields init never asks for. */
  function ownContent() {
    const dir = newFolder();
    const content = validContent();
    content.profile.pronouns = "she/her";
    content.profile.availability = "Open to short projects";
    writeContent(dir, content);
    return { dir, content };
  }
  const read = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), "utf8"));

  test("changes only what it is given, keeps the rest of the profile and their /now, and says so", async () => {
    const { dir, content } = ownContent();
    const nowBefore = readFileSync(join(dir, "now.json"), "utf8");
    const did = "did:plc:abcdefghijklmnopqrstuvwx";
    const { code, errors, stdout } = await init(
      dir,
      "--fediverse",
      "@ada@mastodon.example",
      "--bluesky-did",
      did,
      "--link",
      "GitHub=https://github.com/ada",
      "--link",
      "website=https://ada.example",
    );
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    const { updated, ...profile } = read(dir, "profile.json");
    expect(profile).toEqual({
      ...content.profile,
      updated: undefined,
      links: [
        { label: "website", url: "https://ada.example" },
        { label: "GitHub", url: "https://github.com/ada" },
      ],
      fediverse: { account: "@ada@mastodon.example" },
      blueskyDid: did,
    });
    expect(updated).not.toBe(content.profile.updated);
    expect(readFileSync(join(dir, "now.json"), "utf8")).toBe(nowBefore);
    expect(stdout).toContain(`Wrote ${join(dir, "profile.json")} for Ada Example.`);
    expect(stdout).toContain(
      "  kept as it was: availability, bio, education, experience, languages, pronouns, skills, tagline",
    );
    expect(stdout).toContain(`Yours to edit too, as they are until you do: ${join(dir, "now.json")}`);
  });

  test("a new city brings its time zone, said, unless --timezone gives one", async () => {
    const { dir } = ownContent();
    const { code, stdout } = await init(dir, "--city", "Zagreb", "--country", "Croatia");
    expect(code).toBe(0);
    expect(read(dir, "profile.json").location).toEqual({
      city: "Zagreb",
      country: "Croatia",
      timezone: "Europe/Zagreb",
    });
    expect(stdout).toContain("  timezone: Europe/Zagreb (the country's only one)");
  });

  test("--force starts over: both files new, nothing of the old profile kept", async () => {
    const { dir, content } = ownContent();
    const { code } = await init(dir, ...OWNER, "--force");
    expect(code).toBe(0);
    const { profile, now } = readContent(folderFiles(dir), SITE_URL);
    expect(profile.name).toBe("Grace Hopper");
    expect(profile).not.toContainAnyKeys(["pronouns", "availability"]);
    expect(profile.experience).toHaveLength(1);
    expect(now.status).not.toBe(content.now.status);
  });

  test("in a terminal, each question offers what the profile holds, and an empty answer keeps it", async () => {
    const { dir, content } = ownContent();
    const { converse } = initInTerminal(dir);
    await converse([
      ["Name, as the site shows it [Ada Example]: ", ""],
      ["Handle, for /api/<handle>.json [ada]: ", ""],
      ["Current role, one line [Analyst]: ", ""],
      ["City [Porto]: ", ""],
      ["Country [Portugal]: ", ""],
      ["Time zone [Europe/Lisbon]: ", ""],
      ["Public e-mail address [ada@example.com]: ", ""],
      ["Fediverse account, like @ada@mastodon.social (empty for none): ", "@ada@mastodon.example"],
      ["Bluesky DID, for your site's domain as your handle (empty for none): ", ""],
      ["  Links so far: Website", undefined],
      ["Link 2, as LABEL=URL (empty when done): ", ""],
    ]);
    const { updated: _, ...profile } = read(dir, "profile.json");
    expect(profile).toEqual({
      ...content.profile,
      updated: undefined,
      fediverse: { account: "@ada@mastodon.example" },
    });
  }, 30_000);
});
