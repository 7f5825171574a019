/** Test support: the sample owner's content with markup planted in fields the page shows. */

import type { Content } from "../../../lib/content/validate.ts";
import { sample } from "../../support/app.ts";

/** Would run a script and draw an image, if it were ever parsed as HTML. */
export const MARKUP = `<img src=x onerror="window.pwned=true"><script>window.pwned=true</script>&amp;`;

/** Content whose name, status, a timeline entry, a skill and a link label carry markup. */
export function withMarkup(): Content {
  const content = sample;
  const [first, ...rest] = content.profile.experience;
  return {
    ...content,
    profile: {
      ...content.profile,
      name: `Rin ${MARKUP}`,
      tagline: `"quoted" ${MARKUP}`,
      experience: first ? [{ ...first, summary: MARKUP }, ...rest] : rest,
      skills: [{ name: MARKUP.slice(0, 32), level: 50, group: "ML" }],
      links: [{ label: "<b>x</b>", url: "https://example.com/?a=1&b=<2>" }],
    },
    now: { ...content.now, status: MARKUP.slice(0, 80), building: [MARKUP] },
  };
}
