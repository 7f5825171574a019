/**
 * @module `?help` for terminals: the switches a text answer takes, each with a command
 * that uses it, its URL quoted (zsh reads an unquoted `?` as a pattern).
 */
import { commandLines } from "./command.ts";
import { framed, heading, indent, insideFrame, keyValue } from "./parts.ts";
import type { Style } from "./style.ts";
import { wrap } from "./width.ts";

export interface Help {
  /** Under the heading: how switches are written, one paragraph each. */
  readonly intro: readonly string[];
  readonly entries: readonly HelpEntry[];
}

export interface HelpEntry {
  /** `nocolor, T` */
  readonly names: string;
  readonly meaning: string;
  /** `curl 'https://site/api/curl?nocolor'` */
  readonly command: string;
}

/** The help, at most `width` visible columns a line (but a command word wider than that), drawn in `s`. */
export function renderHelp({ intro, entries }: Help, width: number, s: Style): string {
  const inner = insideFrame(width);
  const lines = [
    "",
    heading("Switches", inner, s),
    ...intro.flatMap((paragraph) => wrap(paragraph, inner).map((line) => s.muted(line))),
    "",
    ...entries.flatMap(({ names, meaning, command }) => [
      ...keyValue(names, meaning, inner, s, { keyWidth: 14 }),
      ...indent(commandLines(command, inner - 2, s)),
    ]),
    "",
  ];
  return framed(lines);
}
