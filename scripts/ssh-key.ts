/**
 * Makes the SSH door's host key: an ed25519 private key in OpenSSH format, printed (or
 * written to a file, readable by its owner only), and its fingerprint on stderr, as
 * `ssh-keygen -lf` and `ssh-keyscan` show it, for docs/doors.md and the visitors.
 *
 *   bun run ssh-key [--out FILE]
 *   fly secrets set SSH_HOST_KEY="$(bun run --silent ssh-key)"
 */
import { writeFileSync } from "node:fs";
import { hostKeyFrom, newHostKey } from "../lib/doors/ssh/host-key.ts";
import { CONSOLE, type CommandOutput, readCommandLine, USAGE_ERROR } from "../lib/runtime/command-line.ts";

const COMMAND = {
  name: "bun run ssh-key",
  usage: `usage: bun run ssh-key [--out FILE]

Makes a host key for the SSH door: an ed25519 private key in OpenSSH format,
printed on stdout (or written to FILE, readable by you only), and its
fingerprint on stderr, as ssh-keygen -lf and ssh-keyscan show it. On Fly:

  fly secrets set SSH_HOST_KEY="$(bun run --silent ssh-key)"

Options:
  --out FILE  write the key to FILE instead of printing it
  -h, --help  this text

Exit status:
  0  made
  2  a usage error, or FILE cannot be written`,
  options: { out: { type: "string" } },
  positionals: false,
} as const;

/** Runs the command; resolves to its exit status. */
export function sshKey(args: readonly string[], output: CommandOutput): number {
  const read = readCommandLine(args, COMMAND, output);
  if (read.exit !== undefined) return read.exit;
  const text = newHostKey();
  const { fingerprint } = hostKeyFrom(text, "the new key");
  const file = read.values.out;
  if (file === undefined) output.out(text.trimEnd());
  else {
    try {
      writeFileSync(file, text, { mode: 0o600, flag: "wx" });
    } catch (error) {
      output.err(`ssh-key: cannot write ${file}: ${(error as Error).message}`);
      return USAGE_ERROR;
    }
  }
  output.err(`SSH host key ${fingerprint}${file === undefined ? "" : ` written to ${file}`}`);
  return 0;
}

if (import.meta.main) {
  process.exit(sshKey(process.argv.slice(2), CONSOLE));
}
