/**
 * @module Every live source, in one table: a source is a file that exports how to read it
 * (`source.ts`), and a line here. Each returns undefined when this owner has nothing to
 * read there (no GitHub link, say), and is then neither read nor shown.
 */
import { githubSource } from "./github.ts";
import type { LiveSource, SourceSetup } from "./source.ts";

export const LIVE_SOURCES: readonly ((setup: SourceSetup) => LiveSource | undefined)[] = [githubSource];

/** The sources this owner has, in the table's order. */
export function liveSources(setup: SourceSetup): LiveSource[] {
  return LIVE_SOURCES.flatMap((source) => source(setup) ?? []);
}
