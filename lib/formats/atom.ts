/**
 * @module The feed of /now's updates as an Atom feed (RFC 4287): the elements the RFC
 * requires of a feed (`id`, `title`, `updated`, an `author`) and of each entry (`id`,
 * `title`, `updated`), a `self` link, and each entry's text as its `content`, linked to the
 * page; where else an update was posted is a `related` link (a registered relation; Atom
 * has none for a copy elsewhere), titled with the service's name. Written by hand: a dozen elements, each value escaped (`lib/utils/xml-text.ts`).
 */
import { xmlText } from "../utils/xml-text.ts";
import type { FeedEntry, NowFeed } from "./now-feed.ts";

export const ATOM_NAMESPACE = "http://www.w3.org/2005/Atom";

const element = (name: string, text: string, indent = "  ") => `${indent}<${name}>${xmlText(text)}</${name}>`;

const link = (rel: string, type: string, href: string, indent = "  ", title?: string) =>
  `${indent}<link rel="${rel}" type="${type}"${title ? ` title="${xmlText(title)}"` : ""} href="${xmlText(href)}"/>`;

function entry({ id, text, url, at, posts }: FeedEntry): string {
  const indent = "    ";
  return [
    "  <entry>",
    element("id", id, indent),
    element("title", text, indent),
    element("updated", at, indent),
    element("published", at, indent),
    link("alternate", "text/html", url, indent),
    ...posts.map((post) => link("related", "text/html", post.url, indent, post.name)),
    `${indent}<content type="text">${xmlText(text)}</content>`,
    "  </entry>",
  ].join("\n");
}

/** The feed as Atom; `selfUrl` is where it is served, which is also its id. */
export function renderAtom(feed: NowFeed, selfUrl: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="${ATOM_NAMESPACE}">`,
    element("id", selfUrl),
    element("title", feed.title),
    element("subtitle", feed.description),
    element("updated", feed.updated),
    `  <author><name>${xmlText(feed.author.name)}</name><uri>${xmlText(feed.author.url)}</uri></author>`,
    link("self", "application/atom+xml", selfUrl),
    link("alternate", "text/html", feed.homePage),
    ...feed.entries.map(entry),
    "</feed>",
    "",
  ].join("\n");
}
