/**
 * @module The plain profile: what `/?nocolor` answers curl, 80 columns with no escape
 * codes, drawn now, with the owner's live activity. `ssh -T site` and finger show it.
 */
import type { LiveFeed } from "../../live/feed.ts";
import { PLAIN, renderProfile } from "../../profile/ansi/index.ts";
import { profileLayout } from "../../profile/model/layout.ts";
import { WIDTH } from "../../profile/text-switches.ts";
import { replies } from "../../replies/feature.ts";
import type { Site } from "../../site/site.ts";

/** The plain profile of `site`, drawn on each call; lines end in `\n`. */
export function plainProfile(site: Site, feed: Pick<LiveFeed, "latest">): () => string {
  const talk = site.service(replies);
  return () =>
    renderProfile(
      profileLayout(
        site.content,
        site.routes,
        site.config.siteUrl,
        new Date(site.clock()),
        feed.latest(),
        talk.conversation(),
      ),
      WIDTH.default,
      PLAIN,
    );
}
