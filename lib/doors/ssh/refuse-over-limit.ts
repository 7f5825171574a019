/**
 * @module The limits, as a session meets them: a connection a limit refused when it
 * arrived (`SSH_MAX_SESSIONS`, `SSH_SESSIONS_PER_CLIENT`) is told why on stderr, and its
 * session ends with exit status 1.
 */
import type { SlotLimit } from "../../utils/slots.ts";
import type { SshSettings } from "./config.ts";
import type { Middleware } from "./session.ts";

export function refuseOverLimit({ max, perClient }: Pick<SshSettings, "max" | "perClient">): Middleware {
  const why: Readonly<Record<SlotLimit, string>> = {
    max: `The site has as many SSH visitors as it allows (${max}): try again in a minute.\r\n`,
    per_client: `Your address holds as many SSH sessions as it may (${perClient}): close one, or try again in a minute.\r\n`,
  };
  return (next) =>
    function refuseOverLimitHandler(session) {
      if (!session.refused) return next(session);
      session.stderr(why[session.refused]);
      session.exit(1);
    };
}
