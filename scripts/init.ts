/**
 * `bun run init`: content/ for a new owner. Asks for (in a terminal) or takes as flags
 * the owner's name, handle, role, city, country, time zone, e-mail, links, fediverse
 * account and Bluesky DID; writes profile.json and now.json once both pass the checks
 * start-up makes; leaves every other file of content/ as it is; lists what still holds
 * placeholder text. Over a profile of the owner's own it changes only what it asks for,
 * and keeps a /now of their own. `bun run init --help` prints the options. Its questions,
 * the check of one answer, and what tells the shipped sample from the owner's own serve
 * `import-resume` too.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { ContentError } from "../lib/content/content-error.ts";
import { checkContentFile } from "../lib/content/content-file.ts";
import { listed } from "../lib/content/mistakes.ts";
import { parseContentFile } from "../lib/content/parse.ts";
import type { Now, NowHistory, Profile } from "../lib/content/schemas.ts";
import { ProfileSchema } from "../lib/content/schemas.ts";
import { NOW, NOW_HISTORY, PROFILE } from "../lib/content/site-content.ts";
import {
  CONSOLE,
  type CommandOutput,
  readCommandLine,
  refuse,
  shownPath,
  USAGE_ERROR,
} from "../lib/runtime/command-line.ts";
import { contentJson } from "./content-json.ts";
import {
  ANSWERED_FIELDS,
  type Answers,
  answersIn,
  type Link,
  type Made,
  missingAnswers,
  ownerToday,
  PLACEHOLDER,
  placeholdersIn,
  REQUIRED_ANSWERS,
  starterContent,
  suggestion,
  UNMARKED_IN_PROFILE,
  updatedProfile,
  whyNoHandle,
  withLink,
} from "./new-owner.ts";

export const EXIT = { written: 0, notWritten: 1, usage: USAGE_ERROR } as const;

const CONTENT_DIR = join(import.meta.dir, "..", "content");
/**
 * The sample owner's profile and /now as the project ships them, kept as the tests'
 * fixture `rin`: a file of content/ that is the same, byte for byte, is still the sample's,
 * which a new owner's replaces. Any other is the owner's own.
 */
export const SAMPLE_DIR = join(import.meta.dir, "..", "tests", "fixtures", "owners", "rin");

/** The folder the content is written to: the one given, else `$CONTENT_DIR`, else content/. */
export function contentDir(given: string | undefined): string {
  return resolve(given ?? process.env.CONTENT_DIR ?? CONTENT_DIR);
}

/**
 * The files init writes; it leaves every other file as it is. A new /now comes with its
 * history emptied: the sample's updates are not the new owner's to publish.
 */
const WRITTEN = ["profile", "now", "history"] as const;
const FILE_NAMES = { profile: PROFILE.name, now: NOW.name, history: NOW_HISTORY.name } as const;

export const USAGE = `usage: bun run init [OPTIONS]

Writes content/profile.json and content/now.json for a new owner, checked as
start-up checks them, then lists what still holds placeholder text; a new /now
starts an empty history (content/now-history.json). Over a profile of your own
(an import's, an earlier init's) it changes only what it asks for and keeps
the rest, and a /now of your own is kept, with its history. The other files
of content/ are left as they are.
In a terminal it asks for what the options do not give; otherwise --name,
--role, --city, --country and a --link or an --email are needed, unless your
own profile gives them.

Options:
  --name NAME          the name, as the site shows it
  --handle HANDLE      lower-case letters, digits and hyphens
                       (default: made from the name's Latin letters
                       and digits; a name with none needs --handle)
  --role ROLE          the current role, one line
  --city CITY          where the owner lives
  --country COUNTRY    the country, in English
  --timezone ZONE      an IANA time zone, like America/Chicago (default: the
                       country's only one, or the one of its zones named
                       after the city, else this system's)
  --email ADDRESS      a public e-mail address (optional)
  --link LABEL=URL     a link, like --link "GitHub=https://github.com/ada";
                       repeatable; over your own profile, added to its links
                       or replacing the one of that label (default: a mailto:
                       link to --email)
  --fediverse ACCOUNT  a fediverse account, like @ada@mastodon.social, that
                       searching @HANDLE@your-site finds (optional)
  --bluesky-did DID    the DID Bluesky shows when you set your site's domain as
                       your handle, like did:plc:... (optional)
  --content-dir DIR    write there (default: $CONTENT_DIR, else content/)
  --force              start over: replace both files, even your own
  -h, --help           this text

Exit status:
  0  written
  1  nothing written: a value start-up would refuse
  2  a usage error`;

const COMMAND = {
  name: "bun run init",
  usage: USAGE,
  options: {
    name: { type: "string" },
    handle: { type: "string" },
    role: { type: "string" },
    city: { type: "string" },
    country: { type: "string" },
    timezone: { type: "string" },
    email: { type: "string" },
    link: { type: "string", multiple: true },
    fediverse: { type: "string" },
    "bluesky-did": { type: "string" },
    "content-dir": { type: "string" },
    force: { type: "boolean" },
  },
  positionals: false,
} as const;

/** Where the command talks: a person's terminal, or a test. */
export interface Io extends CommandOutput {
  /** Asks a question and resolves to the answer; undefined when nobody is there to ask. */
  readonly ask: ((question: string) => Promise<string>) | undefined;
}

/** The process's own output, and its terminal to ask in when stdin is one; `close` lets the process end. */
export function terminalIo(): Io & { close(): void } {
  const prompt = process.stdin.isTTY
    ? createInterface({ input: process.stdin, output: process.stdout })
    : undefined;
  return {
    ...CONSOLE,
    ask: prompt && ((question) => prompt.question(question)),
    close: () => prompt?.close(),
  };
}

export type Key = keyof Answers;

/**
 * The questions, in the order they are asked; `label` names the answer when it is refused
 * at its prompt (`Time zone is "Mars/Base", ...`). A question that may go unanswered says
 * so when it offers nothing.
 */
const QUESTIONS: readonly {
  readonly key: Exclude<Key, "links">;
  readonly text: string;
  readonly label: string;
}[] = [
  { key: "name", text: "Name, as the site shows it", label: "Name" },
  { key: "handle", text: "Handle, for /api/<handle>.json", label: "Handle" },
  { key: "role", text: "Current role, one line", label: "Current role" },
  { key: "city", text: "City", label: "City" },
  { key: "country", text: "Country", label: "Country" },
  { key: "timezone", text: "Time zone", label: "Time zone" },
  { key: "email", text: "Public e-mail address", label: "Public e-mail address" },
  { key: "fediverse", text: "Fediverse account, like @ada@mastodon.social", label: "Fediverse account" },
  { key: "blueskyDid", text: "Bluesky DID, for your site's domain as your handle", label: "Bluesky DID" },
];

/** Every key, in the order its question is asked: the links last. */
const ASKED_ORDER: readonly Key[] = [...QUESTIONS.map(({ key }) => key), "links"];

/** The flag that gives an answer: `blueskyDid` → `--bluesky-did`. */
const flagOf = (key: Key) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** What gives a missing answer, as a refusal names it: its flag; for the links, either of two. */
const giverOf = (key: Key) => (key === "links" ? "--link (or --email)" : flagOf(key));

/** `--role and --city are needed`; a handle the name makes none of is said with why. */
export function needed(keys: readonly Key[], answers: Partial<Answers>): string {
  const noHandle = keys.includes("handle") ? whyNoHandle(answers.name) : undefined;
  const others = noHandle ? keys.filter((key) => key !== "handle") : keys;
  return [
    ...(noHandle ? [`${noHandle}: give --handle`] : []),
    ...(others.length > 0
      ? [`${listed(others.map(giverOf))} ${others.length === 1 ? "is" : "are"} needed`]
      : []),
  ].join("; ");
}

/** The answer a field of the written files comes from, by its JSON pointer. */
const ANSWERED_BY: Readonly<Record<string, Key>> = {
  "/name": "name",
  "/handle": "handle",
  "/role": "role",
  "/experience/0/role": "role",
  "/location/city": "city",
  "/location/country": "country",
  "/location/timezone": "timezone",
  "/email": "email",
  "/fediverse/account": "fediverse",
  "/blueskyDid": "blueskyDid",
};

const answeredBy = (error: ContentError): Key | undefined =>
  typeof error.where !== "string"
    ? undefined
    : error.where.startsWith("/links/")
      ? "links"
      : ANSWERED_BY[error.where];

/** Answers start-up accepts: one answer put in their place is checked alone. */
const ACCEPTED: Answers = {
  name: "A",
  handle: "a",
  role: "A",
  city: "A",
  country: "A",
  timezone: "UTC",
  email: undefined,
  links: [{ label: "A", url: "https://example.com" }],
  fediverse: undefined,
  blueskyDid: undefined,
};

/** The mistake start-up would find in this one answer, as its checks say it; undefined when there is none. */
function mistakeIn<K extends Key>(key: K, value: Answers[K]): ContentError | undefined {
  try {
    checkContentFile(
      PROFILE,
      starterContent({ ...ACCEPTED, [key]: value }, "2000-01-01").profile,
      "http://localhost",
    );
    return undefined;
  } catch (error) {
    if (error instanceof ContentError && answeredBy(error) === key) return error;
    throw error;
  }
}

/** A mistake in one answer, named as the owner gave it: `--email is "ada"; ...`, `Link 2: its URL is ...`. */
function said(error: ContentError, name: string): string {
  const part =
    typeof error.where === "string" ? /^\/links\/[0-9]+\/(\w+)$/.exec(error.where)?.[1] : undefined;
  return part ? `${name}: its ${part === "url" ? "URL" : part} ${error.problem}` : `${name} ${error.problem}`;
}

const NOT_A_LINK = "is not LABEL=URL, like GitHub=https://github.com/ada";
const MAX_LINKS = ProfileSchema.properties.links.maxItems as number;

/** `GitHub=https://github.com/ada`: the label is what comes before the first `=`; undefined without one. */
function linkOf(text: string): Link | undefined {
  const at = text.indexOf("=");
  return at > 0 ? { label: text.slice(0, at).trim(), url: text.slice(at + 1).trim() } : undefined;
}

/**
 * What the given answers hold that start-up would refuse, each said in the terms of its
 * flag (`--link 3: its URL is ...`), in the order the questions are asked.
 */
export function mistakesGiven(given: Partial<Answers>): { readonly key: Key; readonly line: string }[] {
  const mistakes = QUESTIONS.flatMap(({ key }): { key: Key; line: string }[] => {
    const value = given[key];
    const mistake = value === undefined ? undefined : mistakeIn(key, value);
    return mistake ? [{ key, line: said(mistake, flagOf(key)) }] : [];
  });
  for (const [index, link] of (given.links ?? []).entries()) {
    const mistake = mistakeIn("links", [link]);
    if (mistake) mistakes.push({ key: "links", line: said(mistake, `--link ${index + 1}`) });
  }
  return mistakes;
}

/** Whether the file at `path` is, byte for byte, the sample's file of its name. */
function isSample(path: string, name: string): boolean {
  const sample = join(SAMPLE_DIR, name);
  return existsSync(path) && existsSync(sample) && readFileSync(path).equals(readFileSync(sample));
}

/** Whether the file `name` of `dir` is the owner's own: there, and not the shipped sample's. */
export function isOwn(dir: string, name: string): boolean {
  return existsSync(join(dir, name)) && !isSample(join(dir, name), name);
}

async function askOne(
  ask: NonNullable<Io["ask"]>,
  text: string,
  offered: string | undefined,
): Promise<string> {
  return (await ask(`${text}${offered ? ` [${offered}]` : ""}: `)).trim() || offered || "";
}

/** Asks for links after those `answers` has, each checked as it is given, until an empty answer. */
async function askLinks(io: Io, ask: NonNullable<Io["ask"]>, answers: Partial<Answers>): Promise<Link[]> {
  const links = [...(answers.links ?? [])];
  if (links.length > 0) io.err(`  Links so far: ${links.map(({ label }) => label).join(", ")}`);
  while (links.length < MAX_LINKS) {
    const name = `Link ${links.length + 1}`;
    const answer = await askOne(ask, `${name}, as LABEL=URL (empty when done)`, undefined);
    const link = answer ? linkOf(answer) : undefined;
    const mistake = link && mistakeIn("links", [link]);
    if (!answer && (links.length > 0 || answers.email)) break;
    if (!answer) io.err(`  ${name} is needed: there is no e-mail address to make one from`);
    else if (!link) io.err(`  ${name} ${JSON.stringify(answer)} ${NOT_A_LINK}`);
    else if (mistake) io.err(`  ${said(mistake, name)}`);
    else links.push(link);
  }
  return links;
}

/**
 * Asks the questions of `keys`, in their order, each until its answer is one start-up
 * accepts: a refused answer is said at once, named as its prompt names it, and its
 * question asked again. A question offers the value of `before` (the owner's own), or
 * what `suggestion` makes; an empty answer takes it.
 */
export async function askFor(
  keys: readonly Key[],
  answers: { -readonly [K in Key]?: Answers[K] },
  io: Io,
  before: Partial<Answers> = {},
): Promise<void> {
  const ask = io.ask as NonNullable<Io["ask"]>;
  for (const key of ASKED_ORDER.filter((key) => keys.includes(key))) {
    if (key === "links") {
      answers.links = await askLinks(io, ask, answers);
      continue;
    }
    const { text, label } = QUESTIONS.find((question) => question.key === key) as (typeof QUESTIONS)[number];
    const offered = offerFor(key, answers, before)?.value;
    const noHandle = key === "handle" && !offered ? whyNoHandle(answers.name) : undefined;
    if (noHandle) io.err(`  ${noHandle}`);
    const required = REQUIRED_ANSWERS.includes(key);
    for (;;) {
      const answer = await askOne(ask, `${text}${required || offered ? "" : " (empty for none)"}`, offered);
      const mistake = answer ? mistakeIn(key, answer) : undefined;
      if (!answer && required) io.err(`  ${label} is needed`);
      else if (mistake) io.err(`  ${said(mistake, label)}`);
      else {
        answers[key] = answer || undefined;
        break;
      }
    }
  }
}

/** An answer kept from the owner's own profile: said nowhere, as nothing changed. */
const KEPT = "as it was";

/**
 * What a question offers: the owner's own value (`before`), save the time zone of a place
 * they left; else what `suggestion` makes.
 */
function offerFor(key: Key, answers: Partial<Answers>, before: Partial<Answers>): Made | undefined {
  const moved = answers.city !== before.city || answers.country !== before.country;
  const kept = key === "timezone" && moved ? undefined : before[key];
  return typeof kept === "string" ? { value: kept, from: KEPT } : suggestion(key, answers);
}

interface Settled {
  readonly answers: Answers;
  /** Values nobody typed: `handle: ada-lovelace (made from the name)`. */
  readonly derived: readonly string[];
}

/**
 * The answers: each given one checked, the rest asked for in a terminal, or taken from
 * `before` (the owner's own profile's), or made where they can be. Resolves to them, or to
 * an exit status after a line on stderr.
 */
async function settle(given: Partial<Answers>, before: Partial<Answers>, io: Io): Promise<Settled | number> {
  const answers: { -readonly [K in Key]?: Answers[K] } = { ...given };
  if (before.links) answers.links = (given.links ?? []).reduce(withLink, before.links);
  const mistakes = mistakesGiven(given);
  if (io.ask) {
    // A refused flag is said, then its question asked as if the flag were not given; a
    // refused link is left out, and more links asked for.
    const toAsk = ASKED_ORDER.filter((key) => given[key] === undefined);
    for (const { key, line } of mistakes) {
      io.err(`  ${line}`);
      toAsk.push(key);
      if (key === "links") answers.links = answers.links?.filter((link) => !mistakeIn("links", [link]));
      else answers[key] = undefined;
    }
    await askFor(toAsk, answers, io, before);
  }
  const derived: string[] = [];
  for (const { key } of QUESTIONS) {
    const offered = answers[key] === undefined ? offerFor(key, answers, before) : undefined;
    if (!offered) continue;
    answers[key] = offered.value;
    if (offered.from !== KEPT) derived.push(`${key}: ${offered.value} (${offered.from})`);
  }
  answers.links ??= [];
  const missing = missingAnswers(answers);
  if (missing.length > 0) {
    io.err(`bun run init: ${needed(missing, answers)} (or run it in a terminal to be asked)`);
    return EXIT.usage;
  }
  if (!io.ask && mistakes[0]) {
    io.err(`Not written: ${mistakes[0].line}`);
    return EXIT.notWritten;
  }
  if (answers.links.length === 0) derived.push(`link: E-mail, mailto:${answers.email} (from --email)`);
  return { answers: answers as Answers, derived };
}

/**
 * The placeholders still in the files written, a line a file, by JSON pointer, then the
 * files of the folder still as the project ships them (`shipped`), the sample owner's;
 * nothing when there are none.
 */
export function sayPlaceholders(
  io: CommandOutput,
  files: readonly { path: string; value: unknown; unmarked?: readonly string[] }[],
  shipped: readonly string[] = [],
): void {
  const lines = files.flatMap(({ path, value, unmarked = [] }) => {
    const fields = [...placeholdersIn(value), ...unmarked];
    return fields.length > 0 ? [`  ${shownPath(path)}: ${fields.sort().join(", ")}`] : [];
  });
  if (shipped.length > 0) {
    lines.push(`  ${shipped.map(shownPath).join(", ")}: the sample owner's, as the project ships them`);
  }
  if (lines.length === 0) return;
  io.out(`Still to replace by hand (placeholders start with "${PLACEHOLDER}"):`);
  for (const line of lines) io.out(line);
}

/** The owner's own file at `path`, parsed (not yet checked); a syntax error is one line naming it. */
export function readOwn(path: string, name: string): unknown {
  try {
    return parseContentFile(name, readFileSync(path, "utf8"));
  } catch (error) {
    throw error instanceof ContentError ? error.inFolder(shownPath(dirname(path))) : error;
  }
}

/** Runs the command; resolves to its exit status. `at` is now: the files are dated in the owner's time zone. */
export async function init(args: readonly string[], io: Io, at: Date): Promise<number> {
  const read = readCommandLine(args, COMMAND, io);
  if (read.exit !== undefined) return read.exit;
  const { values } = read;
  let given: Partial<Answers>;
  try {
    const { name, handle, role, city, country, timezone, email, fediverse } = values;
    const blueskyDid = values["bluesky-did"];
    const links = values.link?.map((text) => {
      const link = linkOf(text);
      if (!link) throw new Error(`--link ${JSON.stringify(text)} ${NOT_A_LINK}`);
      return link;
    });
    given = { name, handle, role, city, country, timezone, email, links, fediverse, blueskyDid };
  } catch (error) {
    return refuse(COMMAND, io, (error as Error).message);
  }

  const dir = contentDir(values["content-dir"]);
  const inDir = (name: string) => join(dir, name);
  // A file of the owner's own: not the shipped sample's, and not to be started over.
  const own = (name: string) => !values.force && isOwn(dir, name);
  let current: Profile | undefined;
  try {
    current = own(PROFILE.name) ? (readOwn(inDir(PROFILE.name), PROFILE.name) as Profile) : undefined;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    io.err(`Not written: ${error.message}; fix it, or --force starts over`);
    return EXIT.notWritten;
  }

  const settled = await settle(given, current ? answersIn(current) : {}, io);
  if (typeof settled === "number") return settled;
  const { answers } = settled;
  const today = ownerToday(at, answers.timezone);
  const starter = starterContent(answers, today);
  const files: { profile: Profile; now?: Now; history?: NowHistory } = {
    profile: current ? updatedProfile(current, answers, today) : starter.profile,
    ...(own(NOW.name) ? {} : { now: starter.now, history: [] }),
  };
  const written = WRITTEN.filter((key) => files[key] !== undefined);
  try {
    checkContentFile(PROFILE, files.profile, "http://localhost");
    if (files.now) checkContentFile(NOW, files.now, "http://localhost");
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    io.err(`Not written: ${error.inFolder(shownPath(dir)).message}`);
    return EXIT.notWritten;
  }

  // All are valid: each is written beside its place, then all are moved in.
  mkdirSync(dir, { recursive: true });
  for (const key of written) {
    writeFileSync(`${inDir(FILE_NAMES[key])}.new`, contentJson(inDir(FILE_NAMES[key]), files[key]));
  }
  for (const key of written) renameSync(`${inDir(FILE_NAMES[key])}.new`, inDir(FILE_NAMES[key]));

  io.out(`Wrote ${written.map((key) => shownPath(inDir(FILE_NAMES[key]))).join(", ")} for ${answers.name}.`);
  for (const line of settled.derived) io.out(`  ${line}`);
  if (current) {
    const kept = Object.keys(current).filter((field) => !(field in ANSWERED_FIELDS));
    io.out(`  kept as it was: ${kept.sort().join(", ")}`);
  }
  sayPlaceholders(
    io,
    written.map((key) => ({
      path: inDir(FILE_NAMES[key]),
      value: files[key],
      unmarked: key === "profile" && !current ? UNMARKED_IN_PROFILE : [],
    })),
  );
  const others = readdirSync(dir)
    .filter((name) => name.endsWith(".json") && !written.some((key) => FILE_NAMES[key] === name))
    .sort();
  if (others.length > 0) {
    io.out(
      `Yours to edit too, as they are until you do: ${others.map((name) => shownPath(inDir(name))).join(", ")}`,
    );
  }
  io.out("Then: bun run dev");
  return EXIT.written;
}

if (import.meta.main) {
  const io = terminalIo();
  process.exitCode = await init(process.argv.slice(2), io, new Date());
  io.close();
}
