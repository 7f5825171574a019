/**
 * Test support: judges of Markdown that nobody here wrote. markdownlint (its default
 * rules, but line length: a paragraph is one line, as the content writes it) on any
 * Markdown answer; mdast (micromark's CommonMark parser) for what a reader of the text
 * finds in it.
 */

import { lint } from "markdownlint/promise";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";

/** What markdownlint finds wrong, one line each: none for a clean document. */
export async function markdownlintErrors(markdown: string): Promise<string[]> {
  const results = await lint({ strings: { answer: markdown }, config: { default: true, MD013: false } });
  return (results.answer ?? []).map(
    (error) =>
      `${error.lineNumber} ${error.ruleNames.join("/")} ${error.ruleDescription} ${error.errorDetail ?? ""}`,
  );
}

export const markdownTree = (markdown: string): Root => fromMarkdown(markdown);

/** Everything a reader of the rendered text sees or follows: its text, and each link's URL. */
export function shownText(markdown: string): string {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === "text" || node.type === "inlineCode") parts.push(node.value);
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
    if (node.type === "link") parts.push(` ${node.url} `);
    if (node.type === "paragraph" || node.type === "heading" || node.type === "listItem") parts.push("\n");
  };
  visit(markdownTree(markdown));
  return parts.join("");
}

/** Every string and number in a JSON value, as the reader of the JSON sees them. */
export function jsonLeaves(value: unknown, skip: ReadonlySet<string> = new Set()): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap((item) => jsonLeaves(item, skip));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => (skip.has(key) ? [] : jsonLeaves(item, skip)));
  }
  return [];
}
