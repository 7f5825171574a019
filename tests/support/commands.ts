/**
 * Test support: the shell commands a text answer shows, read as a person copying them
 * would: a command is on one line, or on lines each but the last ending in ` \`, whose
 * joined text is the command. Also the one exception to the width bound: a line that is
 * a single word of a command (and its ` \`), too wide for any line.
 */
import type { Content } from "../../lib/content/validate.ts";
import { routeSummaries } from "../../lib/http/route.ts";
import { shellWords } from "../../lib/profile/ansi/command.ts";
import { visibleWidth } from "../../lib/profile/ansi/width.ts";
import { curlCommand } from "../../lib/profile/layout.ts";
import { oneLinerHelp } from "../../lib/profile/one-liner.ts";
import { TEXT_SWITCHES } from "../../lib/profile/text-switches.ts";
import { routes as manifest } from "../../routes/_manifest.gen.ts";

const CONTINUED = " \\";

/** A real site's origin, long enough that a command with it is wider than 40 columns and one of its words too. */
export const LONG_SITE_URL = "https://a-rather-long-personal-site-name.example-hosting.dev";

/** A command found whole in a text, and what follows it on its last line. */
interface Occurrence {
  readonly after: string;
}

/**
 * Every place in `text` that shows `command`: a line starting with it, or continued
 * lines (each ending in ` \`) that join into it, then the rest of it on the next line.
 */
function occurrences(text: string, command: string): Occurrence[] {
  const lines = text.split("\n").map((line) => line.trim());
  const found: Occurrence[] = [];
  lines.forEach((_, start) => {
    const joined: string[] = [];
    let i = start;
    while (lines[i]?.endsWith(CONTINUED))
      joined.push((lines[i++] as string).slice(0, -CONTINUED.length).trim());
    const head = joined.length > 0 ? `${joined.join(" ")} ` : "";
    if (!command.startsWith(head)) return;
    const rest = command.slice(head.length);
    const last = lines[i] ?? "";
    const ends = last.startsWith(rest) && (last.length === rest.length || last[rest.length] === " ");
    if (ends) found.push({ after: last.slice(rest.length) });
  });
  return found;
}

/**
 * What is wrong with how `text` shows `command`: not there as one pasteable command, or
 * followed on its line by fewer than 3 spaces before its explanation.
 */
export function commandProblems(text: string, command: string): string[] {
  const shown = occurrences(text, command);
  if (shown.length === 0) return [`not found whole: ${command}`];
  return shown
    .filter(({ after }) => after !== "" && !/^ {3,}\S/.test(after))
    .map(({ after }) => `followed by "${after}" with fewer than 3 spaces: ${command}`);
}

/** The lines of `text` wider than `width`, but for a line holding one whole word of one of `commands`. */
export function overflowing(text: string, width: number, commands: readonly string[]): string[] {
  const words = new Set(commands.flatMap(shellWords));
  return text.split("\n").filter((line) => {
    if (visibleWidth(line) <= width) return false;
    const word = line.trim().replace(/ \\$/, "");
    return !words.has(word);
  });
}

/** The commands each text answer shows, for a site at `siteUrl` with `content`. */
export function textCommands(siteUrl: string, content: Content) {
  const { handle } = content.profile;
  // A switch of one-liners is shown at the site's root, with the one-liners' own commands.
  const help = (path: string) => [
    ...TEXT_SWITCHES.map((sw) => `curl '${siteUrl}${"atRoot" in sw ? "/" : path}?${sw.example}'`),
    ...oneLinerHelp(`${siteUrl}/`).commands.map(({ command }) => command),
  ];
  return {
    /**
     * `/` and `/api/curl`: every GET route but the profile itself, with the query it is
     * tried with (none the owner has nothing at).
     */
    profile: routeSummaries(manifest, content, siteUrl)
      .filter(({ method, path }) => method === "GET" && path !== "/" && path !== "/api/curl")
      .map(({ tryPath }) => curlCommand(siteUrl, "GET", tryPath)),
    /** `/api/ping`: what to try next. */
    ping: [
      `curl ${siteUrl}`,
      `curl ${siteUrl}/api/roast`,
      `curl ${siteUrl}/api/now`,
      `curl '${siteUrl}/api/curl?help'`,
    ],
    /** `/api/vcard`: the command that saves the card. */
    vcard: [`curl -H 'Accept: text/vcard' -o ${handle}.vcf ${siteUrl}/api/vcard`],
    /** `?help` of the answer at `path`. */
    help,
  };
}
