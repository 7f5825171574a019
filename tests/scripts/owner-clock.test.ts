/**
 * The commands that write content date it as the owner's calendar does, whatever UTC says:
 * run at 23:12 in Montevideo (UTC-3), when it is already tomorrow in UTC, on a computer
 * whose clock libfaketime sets to that instant. `import-resume`, `init` and `now` all write
 * the owner's day; and seven quick changes of /now, made by the command on a clock of the
 * test's own, are each stamped at or before the clock's time, newest first.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Now, NowHistory, Profile } from "../../lib/content/schemas.ts";
import { nowCommand } from "../../scripts/now.ts";
import { clockAt } from "../support/faked-clock.ts";
import { ownerDir } from "../support/owners.ts";
import { runCommand, scriptLines } from "../support/run.ts";

const ROOT = join(import.meta.dir, "..", "..");
const RESUME = join(import.meta.dir, "..", "fixtures", "resumes", "montevideo.json");
const scratch = mkdtempSync(join(tmpdir(), "owner-clock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment a person has, less a CONTENT_DIR of the caller's. */
const ENV = { ...process.env, CONTENT_DIR: undefined };
/** 23:12 on 28 November in Montevideo: 02:12 on the 29th in UTC. */
const clock = clockAt("2026-11-28T23:12:00-03:00");
const OWNERS_DAY = "2026-11-28";

let folders = 0;
/** A content folder as a fresh clone has it: the shipped sample's. */
function freshClone(): string {
  const dir = join(scratch, `content-${++folders}`);
  cpSync(ownerDir("rin"), dir, { recursive: true });
  return dir;
}

const read = <T>(dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), "utf8")) as T;

async function run(...command: string[]) {
  const ran = await runCommand(clock.command(["bun", "run", ...command]), { cwd: ROOT, env: ENV });
  return { code: ran.code, errors: scriptLines(ran.stderr), stdout: ran.stdout };
}

describe("at 23:12 in Montevideo, already tomorrow in UTC", () => {
  test("import-resume dates the profile and the new /now the owner's day", async () => {
    const dir = freshClone();
    const { code } = await run("import-resume", RESUME, "--content-dir", dir);
    expect(code).toBe(0);
    expect(read<Profile>(dir, "profile.json").updated).toBe(OWNERS_DAY);
    expect(read<Now>(dir, "now.json").updated).toBe(OWNERS_DAY);
  }, 30_000);

  test("init dates the profile, /now and the current role's year the owner's day", async () => {
    const dir = freshClone();
    const { code, errors } = await run(
      ...["init", "--content-dir", dir, "--name", "Lucía Ferreira", "--role", "Backend Engineer"],
      ...["--city", "Montevideo", "--country", "Uruguay", "--email", "lucia@example.com"],
    );
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    const profile = read<Profile>(dir, "profile.json");
    expect(profile.updated).toBe(OWNERS_DAY);
    expect(profile.location.timezone).toBe("America/Montevideo");
    expect(read<Now>(dir, "now.json").updated).toBe(OWNERS_DAY);
  }, 30_000);

  test("now dates /now the owner's day, a day not before the import's", async () => {
    const dir = freshClone();
    expect((await run("import-resume", RESUME, "--content-dir", dir)).code).toBe(0);
    const { code, errors } = await run("now", "status", "Closing the month", "--content-dir", dir);
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    expect(read<Now>(dir, "now.json").updated).toBe(OWNERS_DAY);
    const [update] = read<NowHistory>(dir, "now-history.json");
    expect(Date.parse(update?.at ?? "")).toBeLessThanOrEqual(clock.now());
  }, 30_000);

  test("seven changes within three seconds are each stamped at or before the clock, newest first", async () => {
    const dir = freshClone();
    expect((await run("import-resume", RESUME, "--content-dir", dir)).code).toBe(0);
    // The command itself, on a clock that a change moves on by 400 ms and a wait by its length.
    let time = Date.parse("2026-11-28T23:12:00.300-03:00");
    const quick = { now: () => time, sleep: (ms: number) => (time += ms) };
    const said: string[] = [];
    const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
    const stampedBy: number[] = [];
    for (let change = 1; change <= 7; change++) {
      expect(await nowCommand(["status", `Change ${change}`, "--content-dir", dir], io, quick)).toBe(0);
      stampedBy.push(time);
      time += 400;
    }
    const history = read<NowHistory>(dir, "now-history.json");
    expect(history.map(({ text }) => text)).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => `Status: Change ${n}`));
    const stamps = history.map(({ at }) => Date.parse(at)).reverse();
    for (const [index, stamp] of stamps.entries()) {
      expect(stamp).toBeLessThanOrEqual(stampedBy[index] as number);
      if (index > 0) expect(stamp).toBeGreaterThan(stamps[index - 1] as number);
    }
    expect(read<Now>(dir, "now.json").updated).toBe(OWNERS_DAY);
  }, 30_000);
});
