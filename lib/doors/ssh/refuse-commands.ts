/**
 * @module A command (`ssh site ls`) is refused: one line on stderr saying so, with the
 * command that shows the profile, and exit status 1. A shell is passed on.
 */
import type { Middleware } from "./session.ts";

/** How much of the command asked for is repeated back, printable ASCII only. */
const COMMAND_SHOWN = 40;

export function refuseCommands(comeBack: () => string): Middleware {
  return (next) =>
    function refuseCommandsHandler(session) {
      if (session.command === undefined) return next(session);
      const asked = session.command.replace(/[^\x20-\x7e]/g, "?").slice(0, COMMAND_SHOWN);
      session.stderr(`This site runs no commands (asked: ${asked}). For the profile: ${comeBack()}\r\n`);
      session.exit(1);
    };
}
