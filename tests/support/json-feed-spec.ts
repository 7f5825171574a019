/**
 * Test support: what the JSON Feed 1.1 specification (https://www.jsonfeed.org/version/1.1/)
 * requires of a feed, as a JSON Schema compiled by Ajv (a validator we did not write) with
 * its RFC 3339 `date-time`. jsonfeed.org publishes no schema: each rule here quotes the
 * spec's words, and nothing is asked that the spec does not ask, so that the judge is the
 * spec's, not the writer's (`lib/formats/json-feed.ts` documents the answer in its own terms).
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";

const url = { type: "string", format: "uri" };

/** "An author object" (authors, 1.1): "name, url and avatar are all optional, but if you include an author object, it should have at least one". */
const author = {
  type: "object",
  properties: { name: { type: "string" }, url, avatar: url },
  anyOf: [{ required: ["name"] }, { required: ["url"] }, { required: ["avatar"] }],
};

const item = {
  type: "object",
  // "id (required, string) is unique for that item for that feed over time."
  required: ["id"],
  properties: {
    id: { type: "string" },
    url,
    external_url: url,
    title: { type: "string" },
    content_html: { type: "string" },
    content_text: { type: "string" },
    summary: { type: "string" },
    image: url,
    banner_image: url,
    // "date_published (optional, string) specifies the date in RFC 3339 format."
    date_published: { type: "string", format: "date-time" },
    date_modified: { type: "string", format: "date-time" },
    authors: { type: "array", items: author },
    tags: { type: "array", items: { type: "string" } },
    language: { type: "string" },
  },
  // "content_html and content_text are each optional strings — but one or the other must be present."
  anyOf: [{ required: ["content_html"] }, { required: ["content_text"] }],
};

const feed = {
  type: "object",
  // "version (required, string)", "title (required, string)", "items (required, array)".
  required: ["version", "title", "items"],
  properties: {
    // "version ... is the URL of the version of the format the feed uses": this one's, 1.1.
    version: { const: "https://jsonfeed.org/version/1.1" },
    title: { type: "string" },
    home_page_url: url,
    feed_url: url,
    description: { type: "string" },
    user_comment: { type: "string" },
    next_url: url,
    icon: url,
    favicon: url,
    authors: { type: "array", items: author },
    language: { type: "string" },
    expired: { type: "boolean" },
    items: { type: "array", items: item },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(feed);

/** Every way `document` breaks what the spec requires: empty when it is a JSON Feed 1.1. */
export function jsonFeedErrors(document: unknown): string[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map(({ instancePath, message }) => `${instancePath || "/"} ${message}`);
}
