/**
 * Test support: an owner as unlike the sample as the schema allows. A long name in
 * Devanagari, whose vowel signs and viramas are combining marks; one job, two skills in
 * one group, one language, one link; and every optional field absent or empty: no native
 * name, pronouns, email or availability, no location or highlights for the job, no
 * education, nothing being read or declined. What the renderers show of an owner must
 * hold for this one too: no empty section, no label with nothing after it.
 */
import { contentFiles } from "../../lib/content/files.ts";
import type { Profile } from "../../lib/content/schemas.ts";
import { type Content, validateContent } from "../../lib/content/validate.ts";
import { SITE_URL } from "../support/app.ts";

export const OTHER_PROFILE: Profile = {
  handle: "ananya",
  name: "अनन्या श्रीनिवासन बालसुब्रह्मण्यम् कृष्णमूर्ति",
  role: "Cartographer of river deltas",
  tagline: "Draws maps of water that will not stay where it was drawn.",
  updated: "2026-10-02",
  bio: "I survey and draw the shifting channels of river deltas, and teach the boat crews who use the maps to correct them.",
  location: { city: "Pune", country: "India", timezone: "Asia/Kolkata" },
  links: [{ label: "Maps", url: "https://maps.example.org/delta" }],
  skills: [
    { name: "Hydrographic survey", level: 81, group: "Field" },
    { name: "Hand lettering", level: 64, group: "Field" },
  ],
  experience: [
    {
      start: "2019-06",
      end: null,
      role: "Delta cartographer",
      organisation: "Ganga–Brahmaputra Survey Cooperative",
      summary: "Maps the lower delta's channels each dry season, by boat and by hand.",
      highlights: [],
    },
  ],
  education: [],
  languages: [{ name: "Marathi", level: "Native" }],
};

export const OTHER_NOW: Content["now"] = {
  status: "Between survey seasons",
  updated: "2026-09-30",
  building: ["A tide table that fits on one card"],
  learning: ["Bengali, for the crews downstream"],
  reading: [],
  notDoing: [],
};

/** The other owner's content, validated as the app validates `content/`; the site's own files as they ship. */
export function otherOwner(siteUrl = SITE_URL): Content {
  return validateContent({ ...contentFiles, profile: OTHER_PROFILE, now: OTHER_NOW }, siteUrl);
}
