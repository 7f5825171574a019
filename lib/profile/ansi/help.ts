/**
 * @module `?help` for terminals: the switches a text answer takes, each with a command
 * that uses it, its URL quoted (zsh reads an unquoted `?` as a pattern).
 */

import { wrap } from "../../utils/width.ts";
import { type CommandEntry, commandLines, commandList } from "./command.ts";
import { framed, heading, indent, insideFrame, keyValue } from "./parts.ts";
import type { Style } from "./style.ts";

export interface Help {
  /** Under the heading: how switches are written, one paragraph each. */
  readonly intro: readonly string[];
  readonly entries: readonly HelpEntry[];
  /** More, under headings of their own: the one-liners' codes and where to put them. */
  readonly sections?: readonly HelpSection[];
}

/** A part of the help with a heading: a paragraph, terms and what each means, then commands. */
export interface HelpSection {
  readonly title: string;
  readonly intro: readonly string[];
  readonly terms: readonly { readonly term: string; readonly meaning: string }[];
  readonly commands: readonly CommandEntry[];
}

export interface HelpEntry {
  /** `nocolor, T` */
  readonly names: string;
  readonly meaning: string;
  /** `curl 'https://site/api/curl?nocolor'` */
  readonly command: string;
}

/** The help, at most `width` visible columns a line (but a command word wider than that), drawn in `s`. */
export function renderHelp({ intro, entries, sections = [] }: Help, width: number, s: Style): string {
  const inner = insideFrame(width);
  const paragraphs = (texts: readonly string[]) =>
    texts.flatMap((paragraph) => wrap(paragraph, inner).map((line) => s.muted(line)));
  const lines = [
    "",
    heading("Switches", inner, s),
    ...paragraphs(intro),
    "",
    ...entries.flatMap(({ names, meaning, command }) => [
      ...keyValue(names, meaning, inner, s, { keyWidth: 14 }),
      ...indent(commandLines(command, inner - 2, s)),
    ]),
    "",
    ...sections.flatMap((section) => [
      heading(section.title, inner, s),
      ...paragraphs(section.intro),
      "",
      ...section.terms.flatMap(({ term, meaning }) => keyValue(term, meaning, inner, s, { keyWidth: 14 })),
      "",
      ...commandList(section.commands, inner, s),
      "",
    ]),
  ];
  return framed(lines);
}
