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

/** True unless the query asks for plain text (`?nocolor` or `?T`). */
export function wantsColour(query: Readonly<Record<string, string | undefined>>): boolean {
  return query[NO_COLOUR.long] === undefined && query[NO_COLOUR.short] === undefined;
}
