/**
 * @module The schemas of the content every part of the site reads (the profile, /now and
 * the stack) and of the JSON the API returns from it. One TypeBox schema serves three
 * purposes: the check of the hand-edited file when the app is built, the static types the
 * code uses, and the OpenAPI document. A file only one route reads has its schema there.
 */
import { Type as t } from "@sinclair/typebox";
import { ONE_LINE_PATTERN } from "../utils/one-line-text.ts";
import { DAY_PATTERN } from "./dates.ts";
import { EXPECTED } from "./mistakes.ts";

/** What a pattern, a format or a union accepts, in the words a content mistake is answered with. */
export const expecting = (words: string) => ({ [EXPECTED]: words });

const CAREER_DATE = "a year like 2024, a month like 2024-03 or a day like 2024-03-15";

/**
 * A lower-case host name of two labels or more, the last not starting with a digit: the AT
 * Protocol's handle syntax (atproto.com/specs/handle), which bounds did:web too.
 */
const HOST_NAME = "([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?";

/** Text of one line or more, at most `maxLength` characters, described for the document. */
export const Text = (description: string, maxLength = 400) =>
  t.String({ minLength: 1, maxLength, description });

/**
 * Text that is shown as one line (the /now status and its lists, in a status bar as on the
 * page): no control character, line break or bidirectional control (`one-line-text.ts`).
 */
export const Line = (description: string, maxLength: number) =>
  t.String({
    minLength: 1,
    maxLength,
    pattern: ONE_LINE_PATTERN,
    description,
    ...expecting(
      `one line of 1 to ${maxLength} characters, with no control character, line break or bidirectional control`,
    ),
  });

/**
 * `2021`, `2021-04` or `2021-04-15`: JSON Resume's three precisions. That the month
 * and the day exist, and that an end is not before its start, are checked in
 * `site-content.ts`: a pattern cannot say it.
 */
const CareerDate = t.String({
  pattern: "^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$",
  description: "A year, a month or a day (YYYY, YYYY-MM or YYYY-MM-DD)",
  examples: ["2021-04"],
  ...expecting(CAREER_DATE),
});

const Link = t.Object(
  {
    label: Text("What the link is, e.g. GitHub", 40),
    url: t.String({
      format: "uri",
      pattern: "^(https?://|mailto:)",
      description: "Absolute URL",
      ...expecting("an absolute link that starts with https://, http:// or mailto:"),
    }),
  },
  { additionalProperties: false },
);

const Skill = t.Object(
  {
    name: Text("Skill or tool", 32),
    level: t.Integer({ minimum: 0, maximum: 100, description: "Self-assessed level, 0-100" }),
    group: Text("Family the skill belongs to, e.g. ML, Data, Engineering", 24),
  },
  { additionalProperties: false },
);

const Experience = t.Object(
  {
    start: CareerDate,
    end: t.Union([CareerDate, t.Null()], {
      description: "null while the role is current",
      ...expecting(
        "a year like 2024, a month like 2024-03, a day like 2024-03-15, or null for a role that goes on",
      ),
    }),
    role: Text("Job title", 60),
    organisation: Text("Employer or project", 60),
    location: t.Optional(Text("Where the work happened", 60)),
    summary: Text("One or two sentences on the work", 300),
    highlights: t.Array(Text("A concrete result", 200), { maxItems: 6 }),
  },
  { additionalProperties: false },
);

const Education = t.Object(
  {
    start: CareerDate,
    end: CareerDate,
    degree: Text("Degree or course", 80),
    institution: Text("Where", 80),
    note: t.Optional(Text("Thesis, honours, focus", 200)),
  },
  { additionalProperties: false },
);

const SpokenLanguage = t.Object(
  {
    name: Text("Language", 30),
    level: Text("Native, or a CEFR level such as C1", 20),
  },
  { additionalProperties: false },
);

export const ProfileSchema = t.Object(
  {
    handle: t.String({
      pattern: "^[a-z0-9-]{1,32}$",
      description: "Short handle, lower case",
      ...expecting("1 to 32 lower-case letters, digits or hyphens, like ada-lovelace"),
    }),
    name: Text("Full name as it should be displayed", 60),
    familyName: t.Optional(
      Text(
        "The family name, as the name writes it: what address books sort by. Without it, the name's last word",
        60,
      ),
    ),
    nativeName: t.Optional(Text("Name in the owner's own script", 30)),
    pronouns: t.Optional(Text("Pronouns", 20)),
    role: Text("Current role, one line", 60),
    tagline: Text("One line that sums the owner up", 100),
    updated: t.String({
      pattern: DAY_PATTERN,
      format: "date",
      description: "When the profile was last edited (YYYY-MM-DD): the sitemap's lastmod, the vCard's REV",
      ...expecting("a day like 2024-03-15"),
    }),
    bio: Text("A short paragraph", 600),
    location: t.Object(
      {
        city: Text("City", 40),
        country: Text("Country", 40),
        timezone: t.String({
          pattern: "^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$",
          description: "IANA time zone, e.g. America/Chicago",
          examples: ["America/Chicago"],
          ...expecting("a time zone of the IANA database, like America/Chicago or Asia/Kolkata"),
        }),
      },
      { additionalProperties: false },
    ),
    email: t.Optional(
      t.String({
        format: "email",
        description: "Public contact address",
        ...expecting("an e-mail address like ada@example.com"),
      }),
    ),
    availability: t.Optional(Text("Open to what, and when", 120)),
    links: t.Array(Link, { minItems: 1, maxItems: 8 }),
    fediverse: t.Optional(
      t.Object(
        {
          account: t.String({
            pattern: `^@[A-Za-z0-9_.-]{1,64}@${HOST_NAME}$`,
            description: "The account, as @name@server",
            examples: ["@ada@mastodon.social"],
            ...expecting("a fediverse account like @ada@mastodon.social, its server in lower case"),
          }),
          actor: t.Optional(
            t.String({
              format: "uri",
              pattern: "^https://",
              description:
                "The account's ActivityPub actor; without it, Mastodon's https://<server>/users/<name>",
              ...expecting("the account's actor, an https:// URL like https://mastodon.social/users/ada"),
            }),
          ),
        },
        {
          additionalProperties: false,
          description:
            "The owner's fediverse account: WebFinger finds it from the site's own address, " +
            "the page links to it with rel=me, and names it as fediverse:creator",
        },
      ),
    ),
    blueskyDid: t.Optional(
      t.String({
        pattern: `^did:(plc:[a-z2-7]{24}|web:${HOST_NAME})$`,
        description:
          "The owner's Bluesky (AT Protocol) DID: the site answers it at the AT Protocol's well-known path, " +
          "so the site's domain can be their handle",
        ...expecting(
          "a DID as Bluesky's change-handle screen shows it: did:plc: and 24 characters of a-z and 2-7, or did:web: and a host name",
        ),
      }),
    ),
    skills: t.Array(Skill, { minItems: 1, maxItems: 16 }),
    experience: t.Array(Experience, { minItems: 1, maxItems: 12, description: "Newest first" }),
    education: t.Array(Education, { maxItems: 6 }),
    languages: t.Array(SpokenLanguage, { minItems: 1, maxItems: 8 }),
  },
  { additionalProperties: false, description: "The owner's structured profile" },
);

const Book = t.Object(
  { title: Line("Title", 120), author: Line("Author(s)", 120) },
  { additionalProperties: false },
);

export const NowSchema = t.Object(
  {
    status: Line("One line on what the owner is up to", 80),
    updated: t.String({
      pattern: DAY_PATTERN,
      format: "date",
      description: "When this was last edited (YYYY-MM-DD)",
      ...expecting("a day like 2024-03-15"),
    }),
    building: t.Array(Line("A project", 120), { minItems: 1, maxItems: 6 }),
    learning: t.Array(Line("A topic", 120), { minItems: 1, maxItems: 6 }),
    reading: t.Array(Book, { maxItems: 6 }),
    notDoing: t.Array(Line("Something deliberately declined", 120), { maxItems: 6 }),
  },
  { additionalProperties: false, description: "A /now page: what the owner is focused on" },
);

/** Where an update was posted besides the site, for good: the post's page, and what its service calls it. */
export const PostedSchema = t.Object(
  {
    service: t.Union([t.Literal("bluesky"), t.Literal("mastodon")], {
      description: "Where it was posted",
      ...expecting('"bluesky" or "mastodon"'),
    }),
    url: t.String({
      format: "uri",
      pattern: "^https?://[^\\s]+$",
      maxLength: 500,
      description: "The post's page, as its service shows it",
      ...expecting("the post's address, like https://bsky.app/profile/did:plc:…/post/3n3g…"),
    }),
    id: t.String({
      pattern:
        "^(at://did:[a-z]+:[A-Za-z0-9._:%-]+/app\\.bsky\\.feed\\.post/[a-z2-7]{13}|[A-Za-z0-9]{1,64})$",
      description:
        "What the service calls it: on Bluesky its at:// URI, on Mastodon its status id (read at the origin of its url)",
      ...expecting("an at:// URI of a Bluesky post, or a Mastodon status id (letters and digits)"),
    }),
  },
  { additionalProperties: false },
);

/** Every update of /now, newest first: what the feeds (`/feed.xml`, `/feed.json`) list. */
export const NowHistorySchema = t.Array(
  t.Object(
    {
      id: t.String({
        format: "uri",
        pattern: "^[a-z][a-z0-9+.-]*:[^\\s]+$",
        description:
          "Names this update for good, whatever the site's address: the feeds' entry id. `bun run now` writes a urn:uuid:",
        ...expecting("a URI naming this update for good, like urn:uuid:0b5c1f3e-…; bun run now writes one"),
      }),
      at: t.String({
        pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$",
        description: "When it was made, in UTC to the second (YYYY-MM-DDTHH:MM:SSZ)",
        ...expecting("an instant in UTC like 2024-03-15T09:30:00Z"),
      }),
      text: Line("What changed, e.g. `Building: a drift monitor`", 300),
      posts: t.Optional(
        t.Array(PostedSchema, {
          maxItems: 2,
          description:
            "Where the update was posted besides the site, one post per service: `bun run post` writes them",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  { description: "Every update of the /now status, newest first" },
);

const EasterEgg = t.Object(
  {
    hint: Text("A nudge, without the spoiler", 160),
    try: t.String({
      pattern: "^curl .*(\\{base_url\\}|https?://[^\\s/]+)/",
      description:
        "A curl command against this API. In content/stack.json the site's origin is written " +
        "{base_url}; answers carry SITE_URL in its place",
      ...expecting("a curl command against this site, like curl {base_url}/"),
    }),
  },
  { additionalProperties: false },
);

export const StackSchema = t.Object(
  {
    framework: Text("Web framework and why", 160),
    runtime: Text("Runtime(s)", 160),
    language: Text("Language", 120),
    styling: Text("How the output is styled", 160),
    typography: Text("Typefaces and text rendering", 160),
    deployment: Text("Where and how it ships", 160),
    easterEggs: t.Array(EasterEgg, { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false, description: "What the site is built with" },
);

export type Profile = typeof ProfileSchema.static;
export type Now = typeof NowSchema.static;
export type NowHistory = typeof NowHistorySchema.static;
export type Posted = typeof PostedSchema.static;
export type Stack = typeof StackSchema.static;

/** Where the owner is, as every answer that names the place writes it: `City, Country`. */
export function placeOf({ location }: Pick<Profile, "location">): string {
  return `${location.city}, ${location.country}`;
}
