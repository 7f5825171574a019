/**
 * GET /api/curl: the owner's profile in ANSI colour, for `curl yoursite`: header,
 * live status, career timeline, skill bars, links and what to try next.
 */
import { profileTextExample } from "../../lib/docs/examples.ts";
import { ok, textBody } from "../../lib/docs/responses.ts";
import { terminalProfile } from "../../lib/profile/terminal-profile.ts";
import { switchParameters } from "../../lib/profile/text-switches.ts";
import { defineRoute } from "../../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "Profile for terminals",
    description:
      "The owner's profile as text in ANSI colour, 80 columns wide unless `?width=` says otherwise: who, where " +
      "and their local time, availability, what they are doing, reading and not doing now, the career " +
      "timeline, education, skill bars, languages, links, where the rest is, and other endpoints to try. " +
      "Its colours read on light and dark terminals alike; " +
      "`?theme=`, `?truecolor` and `?nocolor` change them, and `?help` lists every switch. " +
      "`GET /` returns the same bytes to terminal clients.",
    tags: ["profile"],
    parameters: switchParameters(),
    responses: (site) => ({
      200: ok("The profile, as text", textBody(profileTextExample(site.content)), true),
    }),
  },
  profileForTerminals: true,
  setup(site, path) {
    const profile = terminalProfile(site, path);
    return function curlProfile({ request }) {
      return profile(request);
    };
  },
});
