/**
 * @module What finger answers a query line (RFC 1288), in CRLF lines: the owner's handle
 * (any case, with `/W` too, which `finger -l` sends) gets the plain profile and then the
 * owner's `.plan` (`plan.ts`); the empty query (`finger @site`) the plain profile; another
 * name one line saying there is no such user; a query that asks to forward (`user@host`)
 * one line refusing it.
 */

/** How much of an unknown name is repeated back, printable ASCII only. */
const NAME_SHOWN = 32;

const withCrlf = (text: string) => text.replace(/\r?\n/g, "\r\n");

/** What finger shows of the owner: their handle, the plain profile, and their plan. */
export interface FingerOwner {
  readonly handle: string;
  /** Lines ending in `\n`. */
  readonly plainProfile: () => string;
  /** Lines ending in `\n`. */
  readonly plan: string;
}

/** The answer to one query line (without its CRLF). */
export function fingerAnswer(query: string, { handle, plainProfile, plan }: FingerOwner): string {
  // `/W` asks for more of the user: there is no more than the profile and the plan.
  const user = query.replace(/^\/W\s*/i, "").trim();
  if (user.includes("@")) return "finger: this site forwards no queries to other hosts\r\n";
  if (user === "") return withCrlf(plainProfile());
  if (user.toLowerCase() === handle.toLowerCase()) return withCrlf(`${plainProfile()}${plan}`);
  const shown = user.replace(/[^\x20-\x7e]/g, "?").slice(0, NAME_SHOWN);
  return `finger: no such user here: ${shown}${user.length > NAME_SHOWN ? "..." : ""}\r\n`;
}
