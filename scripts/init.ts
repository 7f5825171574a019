/**
 * `bun run init`: content/ for a new owner. Asks for (in a terminal) or takes as flags
 * the owner's name, handle, role, city, country, time zone, e-mail, links, fediverse
 * account and Bluesky DID; writes profile.json and now.json once both pass the checks
 * start-up makes; leaves every other file of content/ as it is; lists what still holds
 * sample or placeholder text. `bun run init --help` prints the options.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { ContentError } from "../lib/content/content-error.ts";
import { checkContentFile } from "../lib/content/content-file.ts";
import { listed } from "../lib/content/mistakes.ts";
import { type Content, NOW, PROFILE } from "../lib/content/site-content.ts";
import {
  CONSOLE,
  type CommandOutput,
  readCommandLine,
  refuse,
  shownPath,
  USAGE_ERROR,
} from "../lib/runtime/command-line.ts";
import {
  type Answers,
  type Link,
  missingAnswers,
  PLACEHOLDER,
  placeholdersIn,
  starterContent,
  suggestion,
  UNMARKED_IN_PROFILE,
  whyNoHandle,
} from "./new-owner.ts";

export const EXIT = { written: 0, notWritten: 1, usage: USAGE_ERROR } as const;

const CONTENT_DIR = join(import.meta.dir, "..", "content");
/**
 * The sample owner's profile and /now as the project ships them, kept as the tests'
 * fixture `rin`: a file of content/ that is the same, byte for byte, is still the sample's,
 * which init may replace without --force.
 */
export const SAMPLE_DIR = join(import.meta.dir, "..", "tests", "fixtures", "owners", "rin");
/** The parts of the content init writes; it leaves every other file as it is. */
const WRITTEN = ["profile", "now"] as const satisfies readonly (keyof Content)[];
const FILE_NAMES = { profile: PROFILE.name, now: NOW.name } as const;

export const USAGE = `usage: bun run init [OPTIONS]

Writes content/profile.json and content/now.json for a new owner, checked as
start-up checks them, then lists what still holds sample or placeholder text.
The other files of content/ are left as they are.
In a terminal it asks for what the options do not give; otherwise --name,
--role, --city, --country and a --link or an --email are needed.

Options:
  --name NAME          the name, as the site shows it
  --handle HANDLE      lower-case letters, digits and hyphens
                       (default: made from the name's Latin letters
                       and digits; a name with none needs --handle)
  --role ROLE          the current role, one line
  --city CITY          where the owner lives
  --country COUNTRY    the country, in English
  --timezone ZONE      an IANA time zone, like America/Chicago
                       (default: this system's)
  --email ADDRESS      a public e-mail address (optional)
  --link LABEL=URL     a link, like --link "GitHub=https://github.com/ada";
                       repeatable (default: a mailto: link to --email)
  --fediverse ACCOUNT  a fediverse account, like @ada@mastodon.social, that
                       searching @HANDLE@your-site finds (optional)
  --bluesky-did DID    the DID Bluesky shows when you set your site's domain as
                       your handle, like did:plc:... (optional)
  --content-dir DIR    write there (default: $CONTENT_DIR, else content/)
  --force              replace the two files even if they are not the
                       shipped sample
  -h, --help           this text

Exit status:
  0  written
  1  nothing written: a value start-up would refuse, or files that are not the
     shipped sample, without --force
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

type Key = keyof Answers;

/** The questions, in the order they are asked, each with the flag that answers it. */
const QUESTIONS: readonly { readonly key: Exclude<Key, "links">; readonly text: string }[] = [
  { key: "name", text: "Name, as the site shows it" },
  { key: "handle", text: "Handle, for /api/<handle>.json" },
  { key: "role", text: "Current role, one line" },
  { key: "city", text: "City" },
  { key: "country", text: "Country" },
  { key: "timezone", text: "Time zone" },
  { key: "email", text: "Public e-mail address (empty for none)" },
  { key: "fediverse", text: "Fediverse account, like @ada@mastodon.social (empty for none)" },
  { key: "blueskyDid", text: "Bluesky DID, for your site's domain as your handle (empty for none)" },
];

/** The flag that gives an answer: `blueskyDid` → `--bluesky-did`. */
const flagOf = (key: Key) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** What gives a missing answer, as a refusal names it: its flag; for the links, either of two. */
const giverOf = (key: Key) => (key === "links" ? "--link (or --email)" : flagOf(key));

/** `--role and --city are needed`; a handle the name makes none of is said with why. */
function needed(keys: readonly Key[], answers: Partial<Answers>): string {
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

/** A refusal in the terms of what the owner gave: `--email is "ada"; expected ...`. */
function inTheirTerms(error: ContentError, key: Key): string {
  if (key !== "links") return `${flagOf(key)} ${error.problem}`;
  const [, index, part] = (error.where as string).split("/").slice(1);
  return `--link ${Number(index) + 1}: its ${part === "url" ? "URL" : part} ${error.problem}`;
}

/** `GitHub=https://github.com/ada`: the label is what comes before the first `=`. */
function linkOf(text: string): Link {
  const at = text.indexOf("=");
  if (at <= 0)
    throw new Error(`--link ${JSON.stringify(text)} is not LABEL=URL, like GitHub=https://github.com/ada`);
  return { label: text.slice(0, at).trim(), url: text.slice(at + 1).trim() };
}

/** Whether the file at `path` is, byte for byte, the sample's file of its name. */
function isSample(path: string, name: string): boolean {
  const sample = join(SAMPLE_DIR, name);
  return existsSync(path) && existsSync(sample) && readFileSync(path).equals(readFileSync(sample));
}

async function askOne(io: Io, text: string, offered: string | undefined): Promise<string> {
  const ask = io.ask as NonNullable<Io["ask"]>;
  return (await ask(`${text}${offered ? ` [${offered}]` : ""}: `)).trim() || offered || "";
}

async function askLinks(io: Io): Promise<Link[]> {
  const links: Link[] = [];
  for (;;) {
    const answer = await askOne(io, `Link ${links.length + 1}, as LABEL=URL (empty when done)`, undefined);
    if (!answer) return links;
    try {
      links.push(linkOf(answer));
    } catch (error) {
      io.err(`  ${(error as Error).message}`);
    }
  }
}

interface Settled {
  readonly answers: Answers;
  readonly files: ReturnType<typeof starterContent>;
  /** Values nobody typed: `handle: ada-lovelace (made from the name)`. */
  readonly derived: readonly string[];
}

/**
 * The answers, asked for until they make valid content, or as given. Resolves to the
 * files, or to an exit status after a line on stderr.
 */
async function settle(given: Partial<Answers>, io: Io, today: string): Promise<Settled | number> {
  const answers: { -readonly [K in Key]?: Answers[K] } = { ...given };
  let toAsk: Key[] = io.ask
    ? [...QUESTIONS.map(({ key }): Key => key), "links" as const].filter((key) => given[key] === undefined)
    : [];
  for (;;) {
    for (const key of toAsk) {
      if (key === "links") answers.links = await askLinks(io);
      else {
        const text = QUESTIONS.find((question) => question.key === key)?.text ?? key;
        const noHandle = key === "handle" ? whyNoHandle(answers.name) : undefined;
        if (noHandle) io.err(`  ${noHandle}`);
        answers[key] = (await askOne(io, text, suggestion(key, answers)?.value)) || undefined;
      }
    }
    const derived: string[] = [];
    for (const key of ["handle", "timezone"] as const) {
      const offered = suggestion(key, answers);
      if (answers[key] === undefined && offered) {
        answers[key] = offered.value;
        derived.push(`${key}: ${offered.value} (${offered.from})`);
      }
    }
    answers.links ??= [];
    toAsk = missingAnswers(answers);
    if (toAsk.length > 0) {
      if (!io.ask) {
        io.err(`bun run init: ${needed(toAsk, answers)} (or run it in a terminal to be asked)`);
        return EXIT.usage;
      }
      // The handle's question says itself why it offers none.
      const unsaid = toAsk.filter((key) => key !== "handle" || !whyNoHandle(answers.name));
      if (unsaid.length > 0) io.err(`  ${needed(unsaid, answers)}`);
      continue;
    }

    const files = starterContent(answers as Answers, today);
    try {
      checkContentFile(PROFILE, files.profile, "http://localhost");
      checkContentFile(NOW, files.now, "http://localhost");
      if (answers.links.length === 0) derived.push(`link: E-mail, mailto:${answers.email} (from --email)`);
      return { answers: answers as Answers, files, derived };
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      const key = answeredBy(error);
      if (!key) {
        io.err(`Not written: ${error.message}`);
        return EXIT.notWritten;
      }
      io.err(`${io.ask ? "  " : "Not written: "}${inTheirTerms(error, key)}`);
      if (!io.ask) return EXIT.notWritten;
      toAsk = [key];
    }
  }
}

/** Runs the command; resolves to its exit status. `today` is YYYY-MM-DD. */
export async function init(args: readonly string[], io: Io, today: string): Promise<number> {
  const read = readCommandLine(args, COMMAND, io);
  if (read.exit !== undefined) return read.exit;
  const { values } = read;
  let given: Partial<Answers>;
  try {
    const { name, handle, role, city, country, timezone, email, fediverse } = values;
    const blueskyDid = values["bluesky-did"];
    const links = values.link?.map(linkOf);
    given = { name, handle, role, city, country, timezone, email, links, fediverse, blueskyDid };
  } catch (error) {
    return refuse(COMMAND, io, (error as Error).message);
  }

  const dir = resolve(values["content-dir"] ?? process.env.CONTENT_DIR ?? CONTENT_DIR);
  const inDir = (name: string) => join(dir, name);
  const theirs = WRITTEN.map((key) => FILE_NAMES[key]).filter(
    (name) => existsSync(inDir(name)) && !isSample(inDir(name), name),
  );
  if (theirs.length > 0 && !values.force) {
    const are = theirs.length === 1 ? "is" : "are";
    io.err(
      `Not written: ${theirs.map((name) => shownPath(inDir(name))).join(", ")} ${are} not the shipped sample; --force replaces them`,
    );
    return EXIT.notWritten;
  }

  const settled = await settle(given, io, today);
  if (typeof settled === "number") return settled;

  // Both are valid: each is written beside its place, then both are moved in.
  mkdirSync(dir, { recursive: true });
  for (const key of WRITTEN) {
    writeFileSync(`${inDir(FILE_NAMES[key])}.new`, `${JSON.stringify(settled.files[key], null, 2)}\n`);
  }
  for (const key of WRITTEN) renameSync(`${inDir(FILE_NAMES[key])}.new`, inDir(FILE_NAMES[key]));

  io.out(
    `Wrote ${WRITTEN.map((key) => shownPath(inDir(FILE_NAMES[key]))).join(", ")} for ${settled.answers.name}.`,
  );
  for (const line of settled.derived) io.out(`  ${line}`);
  io.out(`Still to replace by hand (placeholders start with "${PLACEHOLDER}"):`);
  for (const key of WRITTEN) {
    const fields = [...placeholdersIn(settled.files[key]), ...(key === "profile" ? UNMARKED_IN_PROFILE : [])];
    if (fields.length > 0) io.out(`  ${shownPath(inDir(FILE_NAMES[key]))}: ${fields.sort().join(", ")}`);
  }
  const written = new Set<string>(Object.values(FILE_NAMES));
  const others = readdirSync(dir).filter((name) => name.endsWith(".json") && !written.has(name));
  if (others.length > 0) {
    const listed = others.sort().map((name) => shownPath(inDir(name)));
    io.out(`Yours to edit too, as they are until you do: ${listed.join(", ")}`);
  }
  io.out("Then: bun run dev");
  return EXIT.written;
}

if (import.meta.main) {
  const prompt = process.stdin.isTTY
    ? createInterface({ input: process.stdin, output: process.stdout })
    : undefined;
  const io: Io = { ...CONSOLE, ask: prompt && ((question) => prompt.question(question)) };
  process.exitCode = await init(process.argv.slice(2), io, new Date().toISOString().slice(0, 10));
  prompt?.close();
}
