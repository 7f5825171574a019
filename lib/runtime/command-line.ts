/**
 * @module A command's arguments, read the same way by every command (the server and
 * `scripts/`): `--help` prints the usage on stdout and exits 0; an option the command
 * does not take, or a missing value, is one line on stderr and exit 2, never a stack
 * trace. Node's `parseArgs` (`strict: true`) does the reading on Bun and Deno alike.
 */
import { relative } from "node:path";
import { parseArgs } from "node:util";

/** The exit status of a usage error, for every command. */
export const USAGE_ERROR = 2;

/** One option, as `parseArgs` takes it. */
export interface OptionSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  /** Given more than once, its values are kept in order. */
  readonly multiple?: boolean;
}

export interface Command<Options extends Readonly<Record<string, OptionSpec>>> {
  /** How it is run, e.g. `bun run notify`: begins the one line a bad option gets. */
  readonly name: string;
  /** What `--help` prints: what it does, its arguments, options and exit codes. */
  readonly usage: string;
  /** Its options; `--help` (`-h`) is every command's. */
  readonly options: Options;
  /** Whether it takes arguments besides its options. */
  readonly positionals: boolean;
}

type Value<Spec extends OptionSpec> = Spec["type"] extends "string" ? string : boolean;

export type Values<Options extends Readonly<Record<string, OptionSpec>>> = {
  readonly [Name in keyof Options]?: Options[Name]["multiple"] extends true
    ? readonly Value<Options[Name]>[]
    : Value<Options[Name]>;
};

/** Where a command writes: lines to stdout, failures to stderr. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

export type CommandLine<Options extends Readonly<Record<string, OptionSpec>>> =
  | { readonly values: Values<Options>; readonly positionals: readonly string[]; readonly exit?: undefined }
  /** `--help` was answered (0), or a bad option refused (2): exit with this. */
  | { readonly exit: 0 | typeof USAGE_ERROR };

/** The process's own stdout and stderr, where a command run from a shell writes. */
export const CONSOLE: CommandOutput = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
};

/**
 * Refuses a command line: one line on stderr, `<name>: <problem>; see <name> --help`, and
 * the status to exit with. `readCommandLine` refuses what `parseArgs` does; a command
 * refuses what it checks itself after reading.
 *
 * @example
 * if (!a || !b) return refuse(COMMAND, output, "--a and --b are both needed");
 */
export function refuse(
  command: { readonly name: string },
  output: CommandOutput,
  problem: string,
): typeof USAGE_ERROR {
  output.err(`${command.name}: ${problem}; see ${command.name} --help`);
  return USAGE_ERROR;
}

/** `parseArgs`' own errors, each with a Node error code. */
function isArgumentError(error: unknown): error is Error {
  return error instanceof Error && String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS_");
}

/**
 * Reads `args` for `command`: its values and arguments, or the exit status once `--help`
 * or a bad option has been answered. The message's first sentence names the option;
 * control characters in it, which came from the command line, are shown as `?`.
 *
 * @example
 * const read = readCommandLine(process.argv.slice(2), COMMAND, output);
 * if (read.exit !== undefined) return read.exit;
 */
export function readCommandLine<const Options extends Readonly<Record<string, OptionSpec>>>(
  args: readonly string[],
  command: Command<Options>,
  output: CommandOutput,
): CommandLine<Options> {
  let parsed: {
    values: Record<string, string | boolean | (string | boolean)[] | undefined>;
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: command.positionals,
      strict: true,
    });
  } catch (error) {
    if (!isArgumentError(error)) throw error;
    const problem = (error.message.split(". ")[0] ?? error.message).replace(/\p{Cc}/gu, "?");
    return { exit: refuse(command, output, problem) };
  }
  if (parsed.values.help) {
    output.out(command.usage);
    return { exit: 0 };
  }
  return { values: parsed.values as Values<Options>, positionals: parsed.positionals };
}

/** A path as a command's output shows it: inside the working folder, relative to it; elsewhere, absolute. */
export function shownPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside.startsWith("..") || inside === "" ? path : inside;
}
