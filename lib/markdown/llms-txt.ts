/**
 * @module `/llms.txt`, as llmstxt.org proposes it: an H1 with the owner's name, a quote
 * that sums them up, a paragraph on what the site is, then sections of links, each
 * `- [title](url)`: the Markdown pages first, then `Optional`, which an assistant short of
 * room may skip. The route table says which route goes where (`llmsTxt` in its file).
 */
import { type Profile, placeOf } from "../content/schemas.ts";
import { DOCS_PATH } from "../docs/paths.ts";
import type { LlmsTxtSection, RouteSummary } from "../http/route.ts";
import {
  heading,
  line,
  link,
  list,
  markdownDocument,
  quote,
  section,
  escapeMarkdown as text,
} from "./markdown.ts";

/** Each section's title, in the order they come. */
const SECTIONS: Readonly<Record<LlmsTxtSection, (profile: Profile) => string>> = {
  about: (profile) => `About ${profile.name}`,
  optional: () => "Optional",
};

/** llms.txt for this owner's site, listing the routes whose file names a section. */
export function llmsTxt(profile: Profile, routes: readonly RouteSummary[], siteUrl: string): string {
  const linked = (wanted: LlmsTxtSection) =>
    routes
      .filter(({ llmsTxt }) => llmsTxt === wanted)
      .map(({ summary, examplePath }) => link(summary, `${siteUrl}${examplePath}`));
  return markdownDocument([
    heading(1, profile.name),
    quote(`${profile.role} in ${placeOf(profile)}. ${profile.tagline}`),
    line(
      text(
        `${profile.name}'s personal site. The pages below say in Markdown what its API says in JSON, which is documented at`,
      ),
      `<${siteUrl}${DOCS_PATH}>.`,
    ),
    ...(Object.keys(SECTIONS) as LlmsTxtSection[]).flatMap((name) =>
      section(2, SECTIONS[name](profile), [list(linked(name))]),
    ),
  ]);
}
