/**
 * `bun run now`: /now kept current from the terminal. `status`, `add` and `remove` change
 * content/now.json only as start-up would accept it (else one line, and the file as it
 * was), set its `updated` to the owner's today, and record the change in
 * content/now-history.json, which the feeds list; `show` prints it. `--post` then posts
 * the latest update to Bluesky and Mastodon (`bun run post`). `--commit` commits the
 * two files with a message that says what changed. A push then runs the release pipeline.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ContentError } from "../lib/content/content-error.ts";
import { type ContentFile, checkContentFile } from "../lib/content/content-file.ts";
import { dayIn } from "../lib/content/dates.ts";
import { folderFiles, readContentFile } from "../lib/content/files.ts";
import type { Now, NowHistory } from "../lib/content/schemas.ts";
import { NOW, NOW_HISTORY, PROFILE } from "../lib/content/site-content.ts";
import {
  CONSOLE,
  type CommandOutput,
  readCommandLine,
  refuse,
  shownPath,
  USAGE_ERROR,
} from "../lib/runtime/command-line.ts";
import type { Env } from "../lib/runtime/env.ts";
import { quoteInput } from "../lib/utils/request-input.ts";
import { contentJson } from "./content-json.ts";
import { contentDir, readOwn } from "./init.ts";
import {
  applied,
  type Change,
  type Clock,
  entryText,
  Refused,
  recorded,
  SECTION_NAMES,
  SECTIONS,
  sectionNamed,
  stampAfter,
} from "./now-change.ts";
import { postLatestUpdate } from "./post.ts";

export const EXIT = { done: 0, notChanged: 1, usage: USAGE_ERROR } as const;

const COMMAND = {
  name: "bun run now",
  usage: `usage: bun run now show
       bun run now status TEXT
       bun run now add SECTION TEXT
       bun run now remove SECTION N
       (each change with [--commit] [--post] [--content-dir DIR])

Keeps content/now.json current: the status line, and what you are building,
learning, reading and not doing. A change is checked as start-up checks the
file; one start-up would refuse (empty, too long, a control character, too
many entries, an unknown section) is one line, and the file is left as it was.
A change sets "updated" to today, in the profile's time zone, and is recorded
in content/now-history.json, which /feed.xml and /feed.json list. Then git
push: the release pipeline tests and deploys the site, and tells IndexNow.
A placeholder (an entry that starts "Replace me", as init writes them) is no
news: an entry added to its section takes its place, and its removal is not
recorded.

Commands:
  show               /now as it is, each entry numbered
  status TEXT        a new status line
  add SECTION TEXT   an entry at the end of SECTION: building, learning,
                     reading (TEXT is "TITLE by AUTHOR") or not-doing
  remove SECTION N   entry N of SECTION, numbered as show numbers it

Options:
  --commit           commit the two files, and nothing else, with a message
                     that says what changed
  --post             then post the latest update to your Bluesky and Mastodon
                     accounts, as bun run post does (the release pipeline posts
                     after its deploy, which suits Mastodon's card better), and
                     keep where in the history, committed with it
  --content-dir DIR  the content folder (default: $CONTENT_DIR, else content/)
  -h, --help         this text

Exit status:
  0  changed (and committed, with --commit), or shown
  1  not changed: start-up would refuse the change, or the entry is not
     there; or, with --commit, not in a git repository; or written, but git
     could not commit it (it says so)
  2  a usage error`,
  options: { commit: { type: "boolean" }, post: { type: "boolean" }, "content-dir": { type: "string" } },
  positionals: true,
} as const;

/** Text given as several words is one text: `add building a drift monitor` needs no quotes. */
const joined = (words: readonly string[]) => words.join(" ").trim();

/** The change the arguments ask for, `show` (undefined), or a usage mistake's words. */
function changeOf([command, ...rest]: readonly string[]): Change | undefined | string {
  switch (command) {
    case "show":
      return rest.length === 0 ? undefined : "show takes no arguments";
    case "status":
      return { kind: "status", text: joined(rest) };
    case "add":
    case "remove": {
      const [name, ...words] = rest;
      if (name === undefined) return `${command} needs a SECTION: ${SECTION_NAMES.join(", ")}`;
      const section = sectionNamed(name);
      if (!section) {
        throw new Refused(
          `no section "${quoteInput(name, 40)}"; the sections are ${SECTION_NAMES.join(", ")}`,
        );
      }
      if (command === "add") return { kind: "add", section, text: joined(words) };
      const number = Number(words[0]);
      if (words.length !== 1 || !Number.isSafeInteger(number) || number < 1) {
        return `remove ${section} needs N, the number show gives the entry`;
      }
      return { kind: "remove", section, number };
    }
    case undefined:
      return "a command is needed: show, status, add or remove";
    default:
      return `no command "${quoteInput(command, 40)}"; the commands are show, status, add and remove`;
  }
}

/** A file of the folder, parsed and checked as start-up checks it; missing is `fallback`, or a refusal. */
function readChecked<T>(dir: string, file: ContentFile<T>, fallback?: T): T {
  const path = join(dir, file.name);
  if (!existsSync(path)) {
    if (fallback !== undefined) return fallback;
    throw new Refused(`${shownPath(path)} is missing: bun run init writes one`);
  }
  const value = readOwn(path, file.name);
  try {
    checkContentFile(file, value, "http://localhost");
  } catch (error) {
    if (error instanceof ContentError)
      throw new Refused(`${error.inFolder(shownPath(dir)).message} (fix it first)`);
    throw error;
  }
  return value as T;
}

/** `show`: /now as it is, each entry numbered, and the latest update. */
function show(io: CommandOutput, dir: string, now: Now, history: NowHistory): void {
  const label = (text: string) => text.padEnd(12);
  io.out(`${shownPath(join(dir, NOW.name))}, updated ${now.updated}`);
  io.out(`${label("status")}${now.status}`);
  for (const section of SECTION_NAMES) {
    const entries: readonly (string | { title: string; author: string })[] = now[SECTIONS[section].field];
    if (entries.length === 0) io.out(`${label(section)}(none)`);
    for (const [index, entry] of entries.entries()) {
      io.out(`${label(index === 0 ? section : "")}${index + 1}  ${entryText(entry)}`);
    }
  }
  const [latest] = history;
  io.out(
    latest ? `${label("last update")}${latest.at}  ${latest.text}` : `${label("last update")}(none yet)`,
  );
}

/** `git -C dir ...`, its output as text. */
const git = (dir: string, ...args: string[]) => spawnSync("git", ["-C", dir, ...args], { encoding: "utf8" });

/** Why git cannot commit in `dir`, or undefined when it can: asked before anything is written. */
function whyNoCommit(dir: string): string | undefined {
  if (git(dir, "rev-parse", "--show-toplevel").status !== 0)
    return `${shownPath(dir)} is not in a git repository`;
  if (git(dir, "var", "GIT_COMMITTER_IDENT").status !== 0) {
    return 'git does not know who you are: git config --global user.name "…" and user.email "…"';
  }
  return undefined;
}

/**
 * What serves a change: a server reads content/ when it starts, so `bun run dev`, which
 * starts it again on every save, serves it at once, a running `bun run start` once it is
 * restarted, and the site on Fly once the release pipeline deploys it.
 */
function sayNext(io: CommandOutput, committed: boolean): void {
  io.out("Next: a running `bun run dev` serves it now (it restarts on each save); a running");
  io.out("`bun run start` serves it once restarted. For the site on Fly:");
  if (!committed) io.out("commit both (or run it with --commit), then");
  io.out("git push: the release pipeline tests and deploys the site, and tells IndexNow it changed.");
}

/** The process's own clock. */
const SYSTEM_CLOCK: Clock = { now: () => Date.now(), sleep: (ms) => Bun.sleepSync(ms) };

/**
 * Runs the command; resolves to its exit status. `clock` tells the time; `env` holds the
 * accounts `--post` posts to (`bun run post`).
 */
export async function nowCommand(
  args: readonly string[],
  io: CommandOutput,
  clock: Clock = SYSTEM_CLOCK,
  env: Env = process.env,
): Promise<number> {
  const read = readCommandLine(args, COMMAND, io);
  if (read.exit !== undefined) return read.exit;
  const dir = contentDir(read.values["content-dir"]);
  try {
    const change = changeOf(read.positionals);
    if (typeof change === "string") return refuse(COMMAND, io, change);
    const now = readChecked(dir, NOW);
    const history = readChecked<NowHistory>(dir, NOW_HISTORY, []);
    if (change === undefined) {
      if (read.values.commit) return refuse(COMMAND, io, "--commit is for a change, not show");
      if (read.values.post)
        return refuse(COMMAND, io, "--post is for a change, not show: bun run post posts");
      show(io, dir, now, history);
      return EXIT.done;
    }
    const { timezone } = readContentFile(folderFiles(dir), PROFILE, "http://localhost").location;
    const next = applied(now, change);
    // A placeholder removed is no update: the history, which the feeds list, stays as it is.
    const at = next.text === undefined ? undefined : stampAfter(history[0]?.at, clock);
    const nextNow: Now = { ...next.now, updated: dayIn(new Date(at ?? clock.now()), timezone) };
    const nextHistory =
      next.text === undefined || at === undefined
        ? undefined
        : recorded(history, next.text, at, `urn:uuid:${crypto.randomUUID()}`);
    checkContentFile(NOW, nextNow, "http://localhost");
    if (nextHistory) checkContentFile(NOW_HISTORY, nextHistory, "http://localhost");
    const noCommit = read.values.commit ? whyNoCommit(dir) : undefined;
    if (noCommit) throw new Refused(`--commit cannot commit: ${noCommit}; nothing is written`);

    // All are valid: each is written beside its place, then all are moved in.
    const files: [string, Now | NowHistory][] = [[join(dir, NOW.name), nextNow]];
    if (nextHistory) files.push([join(dir, NOW_HISTORY.name), nextHistory]);
    mkdirSync(dir, { recursive: true });
    for (const [path, value] of files) writeFileSync(`${path}.new`, contentJson(path, value));
    for (const [path] of files) renameSync(`${path}.new`, path);
    const said = [next.text, next.note].filter(Boolean).join(" ");
    io.out(`${files.map(([path]) => shownPath(path)).join(" and ")}: ${said}`);
    if (read.values.post) {
      const run = await postLatestUpdate(dir, env, io);
      if (typeof run !== "number" && run.recorded && !nextHistory)
        files.push([join(dir, NOW_HISTORY.name), run.history]);
    }

    if (!read.values.commit) {
      sayNext(io, false);
      return EXIT.done;
    }
    const names = files.map(([path]) => path);
    const message = `/now: ${said}`;
    const add = git(dir, "add", "--", ...names);
    const commit =
      add.status === 0 ? git(dir, "commit", "--quiet", "--message", message, "--", ...names) : add;
    if (commit.status !== 0) {
      const reason = (commit.stderr || commit.stdout).trim().split("\n")[0] ?? "";
      io.err(`Written, but not committed: git said: ${reason.replace(/\p{Cc}/gu, "?")}`);
      return EXIT.notChanged;
    }
    const hash = git(dir, "rev-parse", "--short", "HEAD").stdout.trim();
    io.out(`Committed ${hash}: ${message}`);
    sayNext(io, true);
    return EXIT.done;
  } catch (error) {
    if (error instanceof Refused) io.err(`Not changed: ${error.message}`);
    else if (error instanceof ContentError) io.err(`Not changed: ${error.inFolder(shownPath(dir)).message}`);
    else throw error;
    return EXIT.notChanged;
  }
}

if (import.meta.main) process.exitCode = await nowCommand(process.argv.slice(2), CONSOLE);
