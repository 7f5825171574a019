/**
 * @module The pty check: a session without a terminal (`ssh -T site`) gets the plain
 * profile, what `/?nocolor` answers curl, and exit status 0; one with a pty is passed on.
 */
import type { Middleware } from "./session.ts";

export function plainWithoutPty(plainProfile: () => string): Middleware {
  return (next) =>
    function plainWithoutPtyHandler(session) {
      if (session.pty) return next(session);
      session.write(plainProfile());
      session.exit(0);
    };
}
