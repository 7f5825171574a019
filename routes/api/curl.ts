/**
 * GET /api/curl: the owner's profile in ANSI colour, for `curl yoursite`: header,
 * live status, career timeline, skill bars, links and what to try next.
 */
import { notModified, ok, switchParameters, textBody } from "../../lib/docs/responses.ts";
import { defineRoute } from "../../lib/http/route.ts";
import { terminalProfile } from "../../lib/profile/terminal.ts";

const example = `
  Rin Hayashi  林 凛
  Staff ML Engineer · Lisbon, Portugal
  local time Saturday 14:05 (GMT)

  ── Career ─────────────────────────────────────────────────────
  2023 – now   Staff ML Engineer · Tessellate Freight
  ...
  ── Skills ─────────────────────────────────────────────────────
  Python          ████████████████████████████████████████▊░░░  93
`;

export const GET = defineRoute({
  detail: {
    summary: "Profile for terminals",
    description:
      "The owner's profile as text in ANSI colour, at most 80 columns wide: who, where " +
      "and their local time, what they are doing now, the career timeline, skill bars, " +
      "links and other endpoints to try. `?nocolor` (or `?T`) returns it without colour. " +
      "`GET /` returns the same bytes to terminal clients.",
    tags: ["profile"],
    parameters: switchParameters(),
    responses: () => ({
      200: ok("The profile, as text", textBody(example), true),
      304: notModified,
    }),
  },
  setup(app) {
    const profile = terminalProfile(app);
    return function curlProfile({ request }) {
      return profile(request);
    };
  },
});
