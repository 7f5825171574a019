/**
 * `bun run import-resume FILE`: the site's profile from a JSON Resume document
 * (jsonresume.org), so that adopting the site starts from one's own resume.
 *
 * Over the shipped sample it starts a new owner, as `bun run init` does, with init's
 * questions: nothing of the sample is kept (the handle comes from the resume, the time zone
 * from its place, or either is asked for), and /now is reset to placeholders. Over the
 * owner's own profile it keeps what a resume has no place for, and their /now. The profile
 * is checked as start-up would check it, and written only when valid. On stderr it names
 * every value of the resume it could not carry over, every field it kept from the profile
 * being replaced, and every value it read loosely: nothing is lost unsaid.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { contentMistakes } from "../lib/content/content-file.ts";
import { folderFiles } from "../lib/content/files.ts";
import type { Now, NowHistory, Profile } from "../lib/content/schemas.ts";
import { ContentError, NOW, NOW_HISTORY, PROFILE } from "../lib/content/site-content.ts";
import { profileFrom, type ResumeFields, readJsonResume } from "../lib/formats/json-resume-import.ts";
import { type CommandOutput, readCommandLine, shownPath, USAGE_ERROR } from "../lib/runtime/command-line.ts";
import { contentJson } from "./content-json.ts";
import {
  askFor,
  contentDir,
  type Io,
  isOwn,
  type Key,
  mistakesGiven,
  needed,
  readOwn,
  sayPlaceholders,
  terminalIo,
} from "./init.ts";
import {
  type Answers,
  handleFrom,
  type Made,
  missingAnswers,
  ownerToday,
  starterContent,
  starterNow,
  suggestion,
  UNMARKED_IN_PROFILE,
  zoneOf,
} from "./new-owner.ts";

export const EXIT = { written: 0, notWritten: 1, usage: USAGE_ERROR } as const;

const USAGE = "usage: bun run import-resume FILE [OPTIONS]";

const COMMAND = {
  name: "bun run import-resume",
  usage: `${USAGE}

Writes content/profile.json from a JSON Resume document (jsonresume.org),
checked as start-up checks it, and only when valid. Over the shipped sample it
starts a new owner, as bun run init does: nothing of the sample is kept,
content/now.json is reset to placeholders and its history (now-history.json)
emptied. Over a profile of your own it keeps
what a resume has no place for (handle, time zone, tagline, pronouns, fediverse
account, Bluesky DID, ...) and your /now. On stderr it names every value it
could not carry over, every field kept from the profile it replaces, and every
value read loosely. In a terminal it asks for what nothing else gives.

Arguments:
  FILE               the JSON Resume document

Options:
  --handle HANDLE    the handle (default: your profile's; for a new owner, the
                     username the resume's profiles share, else made from its
                     name)
  --timezone ZONE    an IANA time zone, like America/Chicago (default: your
                     profile's, while the place is the same; else the
                     country's only one, or the one of its zones named after
                     the city)
  --content-dir DIR  write there (default: $CONTENT_DIR, else content/)
  --out PATH         write the profile to PATH instead, and nothing else
  -h, --help         this text

Exit status:
  0  written
  1  nothing written: the profile would not be valid (the field named), or a
     new owner's resume lacks a name, role, place or link (bun run init asks)
  2  a usage error; FILE unreadable or not a JSON object; or a handle or time
     zone nothing gives, and no terminal to ask`,
  options: {
    handle: { type: "string" },
    timezone: { type: "string" },
    "content-dir": { type: "string" },
    out: { type: "string" },
  },
  positionals: true,
} as const;

/** Where in a resume each answer a new owner needs is read from. */
const RESUME_PATHS: Partial<Record<Key, string>> = {
  name: "basics.name",
  role: "basics.label (or a position in work)",
  city: "basics.location.city",
  country: "basics.location.countryCode",
  links: "basics.profiles, basics.url or basics.email",
};

/** Why nothing was written: every reason at once, so that one run shows what to fix. */
function notWritten(output: CommandOutput, file: string | undefined, reasons: readonly string[]): void {
  const about = file ? `${file}: ` : "";
  if (reasons.length === 1) {
    output.err(`Not written: ${about}${reasons[0]}`);
    return;
  }
  output.err(`Not written, for ${reasons.length} reasons:`);
  for (const reason of reasons) output.err(`  ${about}${reason}`);
}

const section = (title: string, lines: readonly string[], output: CommandOutput) => {
  if (lines.length === 0) return;
  output.err(`${title}:`);
  for (const line of lines) output.err(`  ${line}`);
};

interface Settled {
  readonly answers: Partial<Answers> & Pick<Answers, "handle" | "timezone">;
  /** Values nobody typed: `handle: ana-horvat (made from the name)`. */
  readonly derived: readonly string[];
}

/**
 * What the profile needs that the resume cannot say (the handle, the time zone) and, for a
 * new owner, what this resume does not (a name, a role, a place, a link): given, kept from
 * the owner's own profile, made from the resume, or asked for with init's questions.
 * Resolves to the answers, or to an exit status after a line on stderr.
 */
async function settle(
  fields: ResumeFields,
  current: Profile | undefined,
  given: Pick<Partial<Answers>, "handle" | "timezone">,
  io: Io,
): Promise<Settled | number> {
  const answers: { -readonly [K in Key]?: Answers[K] } = {
    name: fields.name ?? current?.name,
    role: fields.role ?? current?.role,
    city: fields.city ?? current?.location.city,
    country: fields.country ?? current?.location.country,
    email: fields.email ?? current?.email,
    links: fields.links.length > 0 ? fields.links : current?.links,
    ...given,
  };
  const mistakes = mistakesGiven(given);
  if (mistakes.length > 0 && !io.ask) {
    notWritten(
      io,
      undefined,
      mistakes.map(({ line }) => line),
    );
    return EXIT.notWritten;
  }
  for (const { key, line } of mistakes) {
    io.err(`  ${line}`);
    answers[key] = undefined;
  }

  const samePlace = current?.location.city === answers.city && current?.location.country === answers.country;
  const username = fields.username && handleFrom(fields.username);
  const made: Record<"handle" | "timezone", Made | undefined> = {
    handle: current
      ? { value: current.handle, from: "" }
      : username
        ? { value: username, from: "the username of the resume's profiles" }
        : suggestion("handle", answers),
    timezone:
      current && samePlace
        ? { value: current.location.timezone, from: "" }
        : zoneOf(answers.city, answers.country),
  };
  const derived: string[] = [];
  for (const key of ["handle", "timezone"] as const) {
    const offered = made[key];
    if (answers[key] !== undefined || !offered || mistakes.some((mistake) => mistake.key === key)) continue;
    answers[key] = offered.value;
    if (offered.from) derived.push(`${key}: ${offered.value} (${offered.from})`);
  }

  const missing = missingAnswers(answers);
  if (missing.length > 0 && io.ask) await askFor(missing, answers, io);
  else if (missing.length > 0) {
    const fromResume = missing.filter((key) => RESUME_PATHS[key] !== undefined);
    if (fromResume.length > 0) {
      io.err(
        `Not written: a new owner's profile needs what the resume does not give (${fromResume.map((key) => RESUME_PATHS[key]).join("; ")}): add it to the resume, or run bun run init first, then the import`,
      );
      return EXIT.notWritten;
    }
    const noZone = missing.includes("timezone")
      ? [`no time zone is known for ${answers.city}, ${answers.country}: give --timezone`]
      : [];
    const others = missing.filter((key) => key !== "timezone");
    const problems = [...(others.length > 0 ? [needed(others, answers)] : []), ...noZone];
    io.err(`bun run import-resume: ${problems.join("; ")} (or run it in a terminal to be asked)`);
    return EXIT.usage;
  }
  return { answers: answers as Settled["answers"], derived };
}

/**
 * Runs the command; resolves to its exit status. `at` is now: a resume without
 * `meta.lastModified` and a new /now are dated the owner's day, in their time zone.
 */
export async function importResume(args: readonly string[], io: Io, at: Date): Promise<number> {
  const read = readCommandLine(args, COMMAND, io);
  if (read.exit !== undefined) return read.exit;
  const [file, ...extra] = read.positionals;
  if (file === undefined || extra.length > 0) {
    io.err(USAGE);
    return EXIT.usage;
  }
  const { values } = read;
  let resume: unknown;
  try {
    resume = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    io.err(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.usage;
  }
  if (typeof resume !== "object" || resume === null || Array.isArray(resume)) {
    io.err(`${file} is not a JSON Resume document: a JSON object is expected`);
    return EXIT.usage;
  }

  const dir = contentDir(values["content-dir"]);
  const inDir = (name: string) => join(dir, name);
  // The profile being replaced, when it is the owner's own; the shipped sample's lends nothing.
  let current: Profile | undefined;
  try {
    current = isOwn(dir, PROFILE.name) ? (readOwn(inDir(PROFILE.name), PROFILE.name) as Profile) : undefined;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    io.err(`Not written: ${error.message}`);
    return EXIT.notWritten;
  }
  const given = { handle: values.handle, timezone: values.timezone };
  const { fields, notImported, adjusted } = readJsonResume(resume, {
    username: !current && given.handle === undefined,
  });

  const settled = await settle(fields, current, given, io);
  if (typeof settled === "number") return settled;
  const { answers } = settled;
  const today = ownerToday(at, answers.timezone);
  const base: Profile = current
    ? {
        ...current,
        handle: answers.handle,
        location: { ...current.location, timezone: answers.timezone },
      }
    : starterContent(answers as Answers, today).profile;
  // A handle or zone given, or made for a new place, was no profile's to keep.
  const settledFields = [
    ...(given.handle !== undefined || answers.handle !== current?.handle ? ["handle"] : []),
    ...(given.timezone !== undefined || answers.timezone !== current?.location.timezone
      ? ["location.timezone"]
      : []),
  ];
  const { profile, kept, dropped, skills } = profileFrom(fields, base, { today, settled: settledFields });

  section("Not imported (content/profile.json has no place for these)", notImported, io);
  if (current) section(`Kept from ${shownPath(inDir(PROFILE.name))} (edit them by hand)`, kept, io);
  section("Not carried over from the current profile (add them back by hand)", dropped, io);
  section("Read loosely (check them)", adjusted, io);
  section("Skills, one for each entry of the resume's (check their groups)", skills, io);

  const out = values.out ?? inDir(PROFILE.name);
  const refused = contentMistakes(PROFILE, profile).map(
    (error) => `${error.where || "the file"} ${error.problem}`,
  );
  if (refused.length > 0) {
    notWritten(io, shownPath(out), refused);
    io.err(
      `Shorten or fix ${refused.length === 1 ? "that value" : "those values"} in the resume, then run the import again.`,
    );
    return EXIT.notWritten;
  }
  // A new owner's /now, in place of the sample's, with its history emptied; never with
  // --out, which writes the profile alone.
  const now: Now | undefined = values.out || isOwn(dir, NOW.name) ? undefined : starterNow(today);
  const files: [string, Profile | Now | NowHistory][] = [[out, profile]];
  if (now) files.push([inDir(NOW.name), now], [inDir(NOW_HISTORY.name), []]);
  if (!values.out) mkdirSync(dir, { recursive: true });
  for (const [path, value] of files) writeFileSync(`${path}.new`, contentJson(path, value));
  for (const [path] of files) renameSync(`${path}.new`, path);

  const { experience, links } = profile;
  io.out(
    `Wrote ${shownPath(out)}: ${profile.name}, ${experience.length} roles, ${profile.skills.length} skills, ${links.length} links.`,
  );
  // Over the sample, the rest of the folder is still hers: the files the import leaves.
  const written = [PROFILE.name, NOW.name, NOW_HISTORY.name];
  const shipped =
    current || values.out
      ? []
      : folderFiles(dir)
          .names()
          .filter((name) => !written.includes(name))
          .map(inDir);
  for (const line of settled.derived) io.out(`  ${line}`);
  if (fields.fediverse && profile.fediverse?.account === fields.fediverse.account) {
    io.out(`  fediverse: ${fields.fediverse.account} (the resume's ${fields.fediverse.from})`);
  }
  if (now) {
    io.out(`Wrote ${shownPath(inDir(NOW.name))}: a new owner's /now, to fill in.`);
    io.out(`Wrote ${shownPath(inDir(NOW_HISTORY.name))}: no updates yet, for the feeds.`);
  }
  sayPlaceholders(
    io,
    [
      {
        path: out,
        value: profile,
        unmarked: !current && fields.experience.length === 0 ? UNMARKED_IN_PROFILE : [],
      },
      ...(now ? [{ path: inDir(NOW.name), value: now }] : []),
    ],
    shipped,
  );
  io.out("Review it, then `bun run dev`.");
  return EXIT.written;
}

if (import.meta.main) {
  const io = terminalIo();
  process.exitCode = await importResume(process.argv.slice(2), io, new Date());
  io.close();
}
