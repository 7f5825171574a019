/**
 * Test support: the shell commands a text answer shows, read as a person copying them
 * would: a command is on one line, or on lines each but the last ending in ` \`, whose
 * joined text is the command. Also the one exception to the width bound: a line that is
 * a single word of a command (and its ` \`), too wide for any line.
 */
import { shellWords } from "../../lib/profile/ansi/command.ts";
import { visibleWidth } from "../../lib/utils/width.ts";

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

/** The commands text answers show: curl, and tmux's for a status bar (not the switch named tmux). */
const COMMAND = /^(curl |tmux set )/;

/**
 * The commands a text shows, read where none is broken (drawn 200 columns wide): each line
 * that starts with one, up to the 3 spaces or more before what it does.
 */
export function commandsIn(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => COMMAND.test(line))
    .map((line) => line.split(/ {3,}/)[0] as string);
}
