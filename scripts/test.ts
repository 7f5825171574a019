/**
 * `bun run test`: the whole suite, from a machine with only Bun: what the suite drives
 * besides Bun is installed when missing, the manifests are checked, then `bun test`.
 * The command line is read first, so `--help` runs none of it.
 *
 *   bun run test                 everything
 *   bun run test tests/scripts   only the files whose path contains tests/scripts
 */
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";
import { runSteps } from "./steps.ts";

const COMMAND = {
  name: "bun run test",
  usage: `usage: bun run test [FILTER...] [-t PATTERN]

Installs what the suite drives besides Bun when it is missing (Deno, Chromium,
wrk, promtool, ...: scripts/install-test-tools.sh), checks that the generated
manifests are current (bun run routes:gen --check), then runs the tests
(bun test --timeout 20000). Each step runs only if the one before it succeeded.

Arguments:
  FILTER          only the test files whose path contains it, e.g. tests/scripts

Options:
  -t, --test-name-pattern PATTERN
                  only tests whose name matches PATTERN (a regular expression)
  -h, --help      this text

Exit status:
  0  every step succeeded: the tools are there, the manifests are current, and
     every test passed
  1  a step failed; it said why
  2  a usage error`,
  options: { "test-name-pattern": { type: "string", short: "t" } },
  positionals: true,
} as const;

const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const pattern = read.values["test-name-pattern"];

process.exit(
  runSteps(COMMAND.name, [
    { command: ["bash", "scripts/install-test-tools.sh"] },
    { command: ["bun", "scripts/gen-routes.ts", "--check"] },
    {
      command: [
        "bun",
        "test",
        "--timeout",
        "20000",
        ...read.positionals,
        ...(pattern === undefined ? [] : ["--test-name-pattern", pattern]),
      ],
    },
  ]),
);
