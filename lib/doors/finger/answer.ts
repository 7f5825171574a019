/**
 * @module What finger answers a query line (RFC 1288): the owner's handle (any case), the
 * empty query (`finger @site`) and `/W` (`finger -l`) get the plain profile in CRLF lines;
 * another name one line saying there is no such user; a query that asks to forward
 * (`user@host`) one line refusing it.
 */

/** How much of an unknown name is repeated back, printable ASCII only. */
const NAME_SHOWN = 32;

const withCrlf = (text: string) => text.replace(/\r?\n/g, "\r\n");

/** The answer to one query line (without its CRLF). */
export function fingerAnswer(query: string, handle: string, plainProfile: () => string): string {
  // `/W` asks for more of the user: there is no more than the profile.
  const user = query.replace(/^\/W\s*/i, "").trim();
  if (user.includes("@")) return "finger: this site forwards no queries to other hosts\r\n";
  if (user === "" || user.toLowerCase() === handle.toLowerCase()) return withCrlf(plainProfile());
  const shown = user.replace(/[^\x20-\x7e]/g, "?").slice(0, NAME_SHOWN);
  return `finger: no such user here: ${shown}${user.length > NAME_SHOWN ? "..." : ""}\r\n`;
}
