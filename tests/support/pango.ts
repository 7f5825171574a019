/**
 * Test support: Pango's own markup parser (Debian's python3-gi; `scripts/install-test-tools.sh`
 * installs it), which Waybar draws a module's text and tooltip with: the text a reader
 * sees, or the parser's refusal.
 */
export function pangoShows(markup: string): { shown: string } | { refused: string } {
  const script = [
    "import sys, gi",
    "gi.require_version('Pango', '1.0')",
    "from gi.repository import Pango, GLib",
    "try:",
    "    print(Pango.parse_markup(sys.stdin.read(), -1, '\\0')[2], end='')",
    "except GLib.Error as error:",
    "    print(error.message, end='', file=sys.stderr)",
    "    sys.exit(1)",
  ].join("\n");
  const run = Bun.spawnSync(["/usr/bin/python3", "-c", script], { stdin: new TextEncoder().encode(markup) });
  return run.exitCode === 0 ? { shown: run.stdout.toString() } : { refused: run.stderr.toString() };
}
