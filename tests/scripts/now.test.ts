/**
 * `bun run now` as an owner runs it, in a fresh clone that is a git repository: each change
 * is written as start-up accepts it, dated, recorded in the history the feeds read, and
 * committed with `--commit`, leaving files biome's format check passes; what start-up would
 * refuse is one line, exit 1, and both files as they were.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dayIn } from "../../lib/content/dates.ts";
import { folderFiles } from "../../lib/content/files.ts";
import type { Now, NowHistory } from "../../lib/content/schemas.ts";
import { readContent } from "../../lib/content/site-content.ts";
import { startServerProcess } from "../../scripts/loopback.ts";
import { applied, Refused, stampAfter } from "../../scripts/now-change.ts";
import { as, SITE_URL } from "../support/app.ts";
import { validContent } from "../support/content.ts";
import { copyProject } from "../support/project-copy.ts";
import { runCommand, scriptLines } from "../support/run.ts";
import { startServer } from "../support/server.ts";

const clone = mkdtempSync(join(tmpdir(), "site-now-"));
const content = join(clone, "content");
afterAll(() => rmSync(clone, { recursive: true, force: true }));

/** The owner's history before the tests change it: one update, of the day /now was last updated. */
const EARLIER = {
  id: "urn:uuid:7d0e8a52-0000-4000-8000-000000000001",
  at: "2026-03-14T08:00:00Z",
  text: "Status: Counting",
};

const git = (...args: string[]) =>
  Bun.spawnSync(["git", "-c", "user.name=Ada", "-c", "user.email=ada@example.com", ...args], { cwd: clone })
    .stdout.toString()
    .trim();

/** The clone as first committed, which each test starts from. */
let fresh = "";

beforeAll(() => {
  copyProject(clone, ["package.json", "biome.json", "bunfig.toml", "lib", "scripts", "routes", "server.ts"]);
  writeFileSync(join(content, "now-history.json"), `${JSON.stringify([EARLIER], null, 2)}\n`);
  git("init", "--quiet");
  git("add", "--all");
  git("commit", "--quiet", "--no-gpg-sign", "--message", "a fresh clone, the owner's content in it");
  fresh = git("rev-parse", "HEAD");
});

/** Each test starts from the clone as committed. */
beforeEach(() => {
  git("reset", "--hard", "--quiet", fresh);
  git("clean", "-d", "--force", "--quiet");
});

/** `bun run now ...` in the clone, with an identity for git's commits, as an owner's machine has. */
async function now(...args: string[]) {
  const ran = await runCommand(["bun", "run", "now", ...args], {
    cwd: clone,
    env: {
      ...process.env,
      CONTENT_DIR: undefined,
      GIT_AUTHOR_NAME: "Ada",
      GIT_AUTHOR_EMAIL: "ada@example.com",
      GIT_COMMITTER_NAME: "Ada",
      GIT_COMMITTER_EMAIL: "ada@example.com",
    },
  });
  return { ...ran, errors: scriptLines(ran.stderr), out: scriptLines(ran.stdout) };
}

const read = <T>(name: string): T => JSON.parse(readFileSync(join(content, name), "utf8")) as T;
const files = () => ["now.json", "now-history.json"].map((name) => readFileSync(join(content, name), "utf8"));

describe("a change", () => {
  test("adds the entry, dates /now today where the owner is, and records it on top of the history", async () => {
    const before = Date.now();
    const { code, errors, out } = await now("add", "building", "A", "loom", "that", "weaves", "tables");
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    const written = read<Now>("now.json");
    expect(written.building).toEqual([...validContent().now.building, "A loom that weaves tables"]);
    expect(written.updated).toBe(dayIn(new Date(), "Europe/Lisbon"));
    const [update, ...rest] = read<NowHistory>("now-history.json");
    expect(rest).toEqual([EARLIER]);
    expect(update).toMatchObject({ text: "Building: A loom that weaves tables" });
    expect(update?.id).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Date.parse(update?.at ?? "")).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(update?.at ?? "")).toBeLessThanOrEqual(Date.now());
    expect(out[0]).toBe("content/now.json and content/now-history.json: Building: A loom that weaves tables");
    expect(out.join(" ")).toContain(
      "git push: the release pipeline tests and deploys the site, and tells IndexNow",
    );
    expect(readContent(folderFiles(content), SITE_URL).now).toEqual(written);
  });

  test("--commit commits the two files alone, with a message that says what changed, in biome's format", async () => {
    writeFileSync(join(clone, "notes.txt"), "not for this commit\n");
    git("add", "notes.txt");
    const { code, errors, out } = await now("status", "Weaving", "tables", "--commit");
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    expect(git("log", "-1", "--format=%s")).toBe("/now: Status: Weaving tables");
    expect(git("show", "--name-only", "--format=", "HEAD").split("\n")).toEqual([
      "content/now-history.json",
      "content/now.json",
    ]);
    expect(git("status", "--porcelain")).toBe("A  notes.txt");
    expect(out).toContain(`Committed ${git("rev-parse", "--short", "HEAD")}: /now: Status: Weaving tables`);
    expect(out.slice(-3)).toEqual([
      "Next: a running `bun run dev` serves it now (it restarts on each save); a running",
      "`bun run start` serves it once restarted. For the site on Fly:",
      "git push: the release pipeline tests and deploys the site, and tells IndexNow it changed.",
    ]);
    const biome = await runCommand(["bunx", "biome", "ci", "content/now.json", "content/now-history.json"], {
      cwd: clone,
    });
    expect({ code: biome.code, stdout: biome.stdout }).toEqual({ code: 0, stdout: "" });
  });

  test("remove takes entry N as show numbers it, and a book is added as TITLE by AUTHOR", async () => {
    expect((await now("add", "reading", "Stand by Me by Stephen King")).code).toBe(0);
    const shown = (await now("show")).out;
    expect(shown).toContain("reading     1  Stand by Me by Stephen King");
    expect(read<Now>("now.json").reading).toEqual([{ title: "Stand by Me", author: "Stephen King" }]);
    const { code, out } = await now("remove", "reading", "1");
    expect(code).toBe(0);
    expect(out[0]).toEndWith(": No longer reading: Stand by Me by Stephen King");
    expect(read<Now>("now.json").reading).toEqual([]);
    expect(read<NowHistory>("now-history.json").map(({ text }) => text)).toEqual([
      "No longer reading: Stand by Me by Stephen King",
      "Reading: Stand by Me by Stephen King",
      EARLIER.text,
    ]);
  });

  test("removing a placeholder is no update: /now loses it, the history the feeds list stays as it was", async () => {
    const placeholder = "Replace me: something you are learning";
    const start = { ...validContent().now, learning: [placeholder, "Notes"] };
    writeFileSync(join(content, "now.json"), JSON.stringify(start, null, 2));
    const { code, errors, out } = await now("remove", "learning", "1", "--commit");
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    expect(read<Now>("now.json").learning).toEqual(["Notes"]);
    expect(read<NowHistory>("now-history.json")).toEqual([EARLIER]);
    expect(out[0]).toBe(
      "content/now.json: the placeholder of learning removed, which is no update for the feeds",
    );
    expect(git("show", "--name-only", "--format=", "HEAD")).toBe("content/now.json");
  });

  test("an entry added to a section that holds a placeholder takes its place", async () => {
    const start = { ...validContent().now, building: ["Replace me: something you are building"] };
    writeFileSync(join(content, "now.json"), JSON.stringify(start, null, 2));
    const { code, out } = await now("add", "building", "A", "ledger");
    expect(code).toBe(0);
    expect(read<Now>("now.json").building).toEqual(["A ledger"]);
    expect(read<NowHistory>("now-history.json").map(({ text }) => text)).toEqual([
      "Building: A ledger",
      EARLIER.text,
    ]);
    expect(out[0]).toEndWith(": Building: A ledger (in place of the placeholder)");
  });

  test("a server started on the folder shows it", async () => {
    expect((await now("add", "learning", "Weaving, from first principles")).code).toBe(0);
    const server = await startServer({ CONTENT_DIR: content });
    try {
      const page = await (await fetch(`${server.url}/?nocolor`, { headers: as.curl })).text();
      expect(page).toContain("Weaving, from first principles");
    } finally {
      await server.stop();
    }
  });
});

describe("what serves a change, as the Next: lines say", () => {
  /** What a server of the clone shows curl, without colour. */
  const shown = async (url: string) =>
    (await fetch(`${url}/?nocolor`, { headers: { "user-agent": "curl/8.5.0" } })).text();

  test("says what serves it: bun run dev now, bun run start once restarted, Fly once pushed", async () => {
    const { out } = await now("add", "learning", "Knots");
    expect(out.slice(1)).toEqual([
      "Next: a running `bun run dev` serves it now (it restarts on each save); a running",
      "`bun run start` serves it once restarted. For the site on Fly:",
      "commit both (or run it with --commit), then",
      "git push: the release pipeline tests and deploys the site, and tells IndexNow it changed.",
    ]);
  });

  test("a running bun run start serves it once restarted, not before", async () => {
    // The clone's own content/, as an owner's `bun run start` serves it.
    const env = { CONTENT_DIR: "" };
    let start = await startServerProcess(["bun", "run", "start"], { cwd: clone, env });
    try {
      expect((await now("add", "learning", "Splicing rope")).code).toBe(0);
      expect(await shown(start.url)).not.toContain("Splicing rope");
      await start.stop();
      start = await startServerProcess(["bun", "run", "start"], { cwd: clone, env });
      expect(await shown(start.url)).toContain("Splicing rope");
    } finally {
      await start.stop();
    }
  }, 30_000);

  test("a running bun run dev serves it within moments, with no restart asked of anyone", async () => {
    const dev = await startServerProcess(["bun", "run", "dev"], { cwd: clone, env: { CONTENT_DIR: "" } });
    try {
      expect((await now("add", "learning", "Tying a bowline")).code).toBe(0);
      let page = "";
      for (let waited = 0; waited < 10_000 && !page.includes("Tying a bowline"); waited += 100) {
        await Bun.sleep(100);
        page = await shown(dev.url).catch(() => "");
      }
      expect(page).toContain("Tying a bowline");
    } finally {
      await dev.stop();
    }
  }, 30_000);
});

describe("show", () => {
  test("prints /now with each entry numbered, and the latest update", async () => {
    const { code, out } = await now("show");
    expect(code).toBe(0);
    expect(out).toEqual([
      "content/now.json, updated 2026-03-14",
      "status      Counting",
      "building    1  A difference engine",
      "learning    1  Notes",
      "reading     (none)",
      "not-doing   (none)",
      `last update ${EARLIER.at}  ${EARLIER.text}`,
    ]);
  });
});

describe("refused in one line, exit 1, both files as they were", () => {
  test.each([
    [["status", ""], "content/now.json: /status is empty; expected one line of 1 to 80 characters"],
    [["status", "x".repeat(81)], "content/now.json: /status is 81 characters long"],
    [["status", "Counting\u001b[2J"], 'content/now.json: /status is "Counting\\u001b[2J"; expected one line'],
    [["add", "learning", "Notes\non two lines"], 'content/now.json: /learning/1 is "Notes\\non two lines"'],
    [
      ["add", "writing", "a novel"],
      'no section "writing"; the sections are building, learning, reading, not-doing',
    ],
    [["add", "building", "A difference engine"], 'building 1 is "A difference engine" already'],
    [["add", "reading", "Untitled"], 'a book is "TITLE by AUTHOR"'],
    [["remove", "building", "1"], "content/now.json: /building has no entries; at least 1 is needed"],
    [["remove", "learning", "2"], "learning has entries 1 to 1: there is no 2"],
  ])("%p", async (args, problem) => {
    const before = files();
    const { code, errors, out } = await now(...args);
    // bun run's echo of the command is cut where an argument breaks its line: the refusal is the last line.
    const refusals = errors.filter((line) => line.startsWith("Not changed:"));
    expect({ code, out, refusals: refusals.length }).toEqual({ code: 1, out: [], refusals: 1 });
    expect(errors.at(-1)).toStartWith(`Not changed: ${problem}`);
    expect(files()).toEqual(before);
  });

  test("too many entries: the seventh is refused", async () => {
    for (const n of [2, 3, 4, 5, 6]) expect((await now("add", "building", `Engine ${n}`)).code).toBe(0);
    const before = files();
    const { code, errors } = await now("add", "building", "Engine 7");
    expect({ code, errors }).toEqual({
      code: 1,
      errors: ["Not changed: content/now.json: /building has 7 entries; at most 6 fit"],
    });
    expect(files()).toEqual(before);
  }, 30_000);

  test("--commit outside a git repository writes nothing", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "site-now-elsewhere-"));
    try {
      writeFileSync(join(elsewhere, "now.json"), JSON.stringify(validContent().now));
      writeFileSync(join(elsewhere, "profile.json"), JSON.stringify(validContent().profile));
      const { code, errors } = await now("status", "Elsewhere", "--commit", "--content-dir", elsewhere);
      expect({ code, errors }).toEqual({
        code: 1,
        errors: [
          `Not changed: --commit cannot commit: ${elsewhere} is not in a git repository; nothing is written`,
        ],
      });
      expect(JSON.parse(readFileSync(join(elsewhere, "now.json"), "utf8"))).toEqual(validContent().now);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe("usage mistakes: one line, exit 2", () => {
  test.each([
    [[], "a command is needed: show, status, add or remove"],
    [["publish"], 'no command "publish"; the commands are show, status, add and remove'],
    [["remove", "building"], "remove building needs N, the number show gives the entry"],
    [["remove", "building", "first"], "remove building needs N, the number show gives the entry"],
    [["show", "--commit"], "--commit is for a change, not show"],
  ])("%p", async (args, problem) => {
    const { code, errors } = await now(...args);
    expect({ code, errors }).toEqual({
      code: 2,
      errors: [`bun run now: ${problem}; see bun run now --help`],
    });
  });
});

describe("what a change makes, as data", () => {
  const start = validContent().now;

  /** A clock at `iso` that a wait moves on, and the waits made. */
  const clockAt = (iso: string) => {
    const waits: number[] = [];
    let time = Date.parse(iso);
    const sleep = (ms: number) => {
      waits.push(ms);
      time += ms;
    };
    return { waits, now: () => time, sleep };
  };

  test("an update is stamped now, to the second, without waiting when the newest is older", () => {
    const clock = clockAt("2026-03-14T08:00:05.700Z");
    expect(stampAfter(EARLIER.at, clock)).toBe("2026-03-14T08:00:05Z");
    expect(clock.waits).toEqual([]);
  });

  test("one within the second of the newest waits for the next second: never stamped ahead of the clock", () => {
    const clock = clockAt("2026-03-14T08:00:00.400Z");
    expect(stampAfter(EARLIER.at, clock)).toBe("2026-03-14T08:00:01Z");
    expect(clock.waits).toEqual([600]);
  });

  test("a newest update more than a second ahead of the clock is refused, not waited for", () => {
    const clock = clockAt("2026-03-14T07:59:00Z");
    expect(() => stampAfter(EARLIER.at, clock)).toThrow(
      "the newest update is at 2026-03-14T08:00:00Z, ahead of this computer's clock (2026-03-14T07:59:00Z)",
    );
    expect(clock.waits).toEqual([]);
  });

  test("the day is the owner's: late evening in Los Angeles is the next day in UTC", () => {
    const at = new Date("2026-03-15T03:30:00Z");
    expect(dayIn(at, "America/Los_Angeles")).toBe("2026-03-14");
    expect(dayIn(at, "Asia/Tokyo")).toBe("2026-03-15");
  });

  test("not-doing is said both ways, as the command and the file name it", () => {
    expect(applied(start, { kind: "add", section: "not-doing", text: "Meetings" }).text).toBe(
      "Not doing: Meetings",
    );
    expect(() => applied(start, { kind: "remove", section: "not-doing", number: 1 })).toThrow(Refused);
  });
});
