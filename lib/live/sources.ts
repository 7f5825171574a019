/**
 * @module Every live source, in one table: a source is a file that declares its variables,
 * how to read it and what an answer means (`source.ts`), and a line here. Each makes
 * nothing when this owner has nothing to read there (no GitHub link, no Last.fm key), and
 * is then neither read nor shown.
 */
import { github } from "./github.ts";
import { lastfm } from "./lastfm.ts";
import type { SourceDefinition } from "./source.ts";

export const LIVE_SOURCES: readonly SourceDefinition[] = [github, lastfm];
