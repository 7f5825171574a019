/**
 * @module Query switches that override what the client's User-Agent implies, in one
 * table: each short switch has a long name (as wttr.in does it).
 */

export interface QuerySwitch {
  readonly short: string;
  readonly long: string;
  readonly meaning: string;
}

export const QUERY_SWITCHES = [
  { short: "T", long: "nocolor", meaning: "plain text: no ANSI colour codes" },
] as const satisfies readonly QuerySwitch[];

const NO_COLOUR = QUERY_SWITCHES[0];

/** True unless the request's query asks for plain text (`?nocolor` or `?T`). */
export function wantsColour(request: Request): boolean {
  const url = request.url;
  const start = url.indexOf("?");
  if (start === -1) return true;
  const query = new URLSearchParams(url.slice(start + 1));
  return !query.has(NO_COLOUR.long) && !query.has(NO_COLOUR.short);
}
