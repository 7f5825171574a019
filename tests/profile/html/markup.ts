/** Test support: the sample owner's content with markup planted in fields the page shows. */

import type { ContentFiles } from "../../../lib/content/files.ts";
import { ownerFile, ownerFilesWith } from "../../support/owners.ts";

/** Would run a script and draw an image, if it were ever parsed as HTML. */
export const MARKUP = `<img src=x onerror="window.pwned=true"><script>window.pwned=true</script>&amp;`;

/**
 * The sample owner's files, with markup in the name, the tagline, a timeline entry, a
 * skill, a link and the /now status: as much as the content's own limits let a field hold.
 */
export function withMarkup(): ContentFiles {
  const profile = ownerFile<{ experience: Record<string, unknown>[] }>("rin", "profile.json");
  const now = ownerFile("rin", "now.json");
  const [first, ...rest] = profile.experience;
  return ownerFilesWith("rin", {
    "profile.json": {
      ...profile,
      name: `Rin ${MARKUP.slice(0, 47)}`,
      tagline: `"quoted" ${MARKUP}`,
      experience: first ? [{ ...first, summary: MARKUP }, ...rest] : rest,
      skills: [{ name: MARKUP.slice(0, 32), level: 50, group: "ML" }],
      links: [{ label: "<b>x</b>", url: "https://example.com/?a=1&b=<2>" }],
    },
    "now.json": { ...now, status: MARKUP.slice(0, 80), building: [MARKUP] },
  });
}
