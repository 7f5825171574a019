/**
 * @module The plain profile: what `/?nocolor` answers curl, 80 columns with no escape
 * codes, drawn now, with the owner's live activity. `ssh -T site` and finger show it.
 */
import { PLAIN, renderProfile } from "../../profile/ansi/index.ts";
import { siteLayout } from "../../profile/site-layout.ts";
import { WIDTH } from "../../profile/text-switches.ts";
import type { Site } from "../../site/site.ts";

/** The plain profile of `site`, drawn on each call; lines end in `\n`. */
export function plainProfile(site: Site): () => string {
  const layoutAt = siteLayout(site);
  return () => renderProfile(layoutAt(new Date(site.clock())), WIDTH.default, PLAIN);
}
