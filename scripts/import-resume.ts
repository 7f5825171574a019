/**
 * Makes `content/profile.json` from an existing JSON Resume document (jsonresume.org), so
 * that adopting the site starts from one's own resume:
 *
 *   bun run import-resume FILE [--out PATH]     PATH defaults to content/profile.json
 *
 * The profile is checked as start-up would check it, and written only when valid. On
 * stderr it names every value of the resume it could not carry over, every field it kept
 * from the profile being replaced, and every value it read loosely: nothing is lost unsaid.
 *
 * Exit status: 0 written; 1 the profile would not be valid (nothing written); 2 usage
 * error, or FILE unreadable or not a JSON object.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkContentFile } from "../lib/content/content-file.ts";
import { builtInFiles } from "../lib/content/files.ts";
import type { Profile } from "../lib/content/schemas.ts";
import { ContentError, PROFILE } from "../lib/content/site-content.ts";
import { fromJsonResume } from "../lib/formats/json-resume-import.ts";
import {
  CONSOLE,
  type CommandOutput,
  readCommandLine,
  shownPath,
  USAGE_ERROR,
} from "../lib/runtime/command-line.ts";

export const EXIT = { written: 0, invalid: 1, usage: USAGE_ERROR } as const;

const USAGE = "usage: bun run import-resume FILE [--out PATH]";
const DEFAULT_OUT = join(import.meta.dir, "..", "content", "profile.json");

const COMMAND = {
  name: "bun run import-resume",
  usage: `${USAGE}

Writes the site's profile from a JSON Resume document (jsonresume.org), checked
as start-up checks it, and only when valid. On stderr it names every value it
could not carry over, every field kept from the profile it replaces, and every
value read loosely.

Arguments:
  FILE          the JSON Resume document

Options:
  --out PATH    where to write the profile (default: content/profile.json)
  -h, --help    this text

Exit status:
  0  written
  1  the profile would not be valid: nothing written, the field named
  2  a usage error, or FILE unreadable or not a JSON object`,
  options: { out: { type: "string" } },
  positionals: true,
} as const;

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

const section = (title: string, lines: readonly string[], output: CommandOutput) => {
  if (lines.length === 0) return;
  output.err(`${title}:`);
  for (const line of lines) output.err(`  ${line}`);
};

/** Runs the command; resolves to its exit status. `today` dates a resume without `meta.lastModified`. */
export function importResume(
  args: readonly string[],
  output: CommandOutput,
  today = new Date().toISOString().slice(0, 10),
): number {
  const read = readCommandLine(args, COMMAND, output);
  if (read.exit !== undefined) return read.exit;
  const [file, ...extra] = read.positionals;
  if (file === undefined || extra.length > 0) {
    output.err(USAGE);
    return EXIT.usage;
  }
  const out = read.values.out ?? DEFAULT_OUT;
  let resume: unknown;
  try {
    resume = readJson(file);
  } catch (error) {
    output.err(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.usage;
  }
  if (typeof resume !== "object" || resume === null || Array.isArray(resume)) {
    output.err(`${file} is not a JSON Resume document: a JSON object is expected`);
    return EXIT.usage;
  }
  // The profile being replaced lends what a resume cannot hold; the shipped one when there is none.
  const replacing = existsSync(out);
  const current = (replacing ? readJson(out) : builtInFiles.read(PROFILE.name).value) as Profile;
  const currentName = replacing ? shownPath(out) : "the sample profile";
  const report = fromJsonResume(resume, current, today);

  section("Not imported (content/profile.json has no place for these)", report.notImported, output);
  section(`Kept from ${currentName} (edit them by hand)`, report.kept, output);
  section("Not carried over from the current profile (add them back by hand)", report.dropped, output);
  section("Read loosely (check them)", report.adjusted, output);

  try {
    checkContentFile(PROFILE, report.profile, "http://localhost");
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    output.err(`Not written: ${error.message}`);
    output.err("Shorten or fix that value in the resume, then run the import again.");
    return EXIT.invalid;
  }
  writeFileSync(out, `${JSON.stringify(report.profile, null, 2)}\n`);
  const { experience, skills, links } = report.profile;
  output.out(
    `Wrote ${shownPath(out)}: ${report.profile.name}, ${experience.length} roles, ${skills.length} skills, ` +
      `${links.length} links. Review it, then \`bun run dev\`.`,
  );
  return EXIT.written;
}

if (import.meta.main) {
  process.exitCode = importResume(process.argv.slice(2), CONSOLE);
}
