/**
 * @module The profile page for browsers: the layout model drawn as one self-contained
 * HTML document (inline CSS, no fonts or images from anywhere), and one script of this
 * origin's that keeps its live status current (`live-script.ts`). Every piece
 * of content goes through the `html` template, which escapes it.
 *
 * The page is also the owner's h-card (microformats2), for IndieWeb readers: `<main>` is
 * its root, and the text already shown carries the properties (p-name, p-job-title, p-adr
 * with p-locality and p-country-name, p-note, p-org on the current role, u-url and
 * u-email on the links). The profile has no photo, so there is no u-photo. Every link is
 * the owner's own, so each carries `rel="me"`, in the body and again in the head.
 */

import { html, SafeHtml, safeHref } from "../../utils/escape-html.ts";
import type {
  CareerEntry,
  PostedLine,
  ProfileLayout,
  ReplyLine,
  SectionId,
  SectionRenderers,
  TimelineEntry,
} from "../model/layout.ts";
import { PAGE_SCRIPT_PATH } from "./page-scripts.ts";
import { stylesheet } from "./styles.ts";

/** A page and the one stylesheet in it, whose hash the Content-Security-Policy allows. */
export interface RenderedPage {
  readonly html: string;
  readonly css: string;
}

/** The tab icon, drawn inline: a page that fetches nothing cannot fetch a favicon. */
const ICON =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
  "<rect width='32' height='32' rx='8' fill='%231e1e2e'/>" +
  "<path d='M9 11l6 5-6 5M17 22h7' stroke='%23a6e3a1' stroke-width='2.5' fill='none' " +
  "stroke-linecap='round' stroke-linejoin='round'/></svg>";

/** `https://example.com/notes` → `example.com/notes`: the part a reader recognises. */
function shortUrl(url: string): string {
  return url.replace(/^(https?:\/\/|mailto:)/, "").replace(/\/$/, "");
}

/**
 * The stylesheet as it goes in `<style>`: raw text there, so entities would not be
 * decoded (and the CSP hash would not match). It is our own code, never content; it
 * only has to be kept from closing the element.
 */
function rawStyle(css: string): SafeHtml {
  if (/<\/style/i.test(css)) throw new Error("The stylesheet must not contain </style");
  return new SafeHtml(css);
}

/**
 * A command that may wrap before each path `/` on a narrow screen rather than mid-word:
 * `<wbr>` adds a break opportunity but no text, so a copied command stays intact.
 */
function breakable(command: string): SafeHtml[] {
  return command.split(/(?<![:/])(?=\/)/).map((part, i) => (i === 0 ? html`${part}` : html`<wbr>${part}`));
}

/**
 * The identity the head claims: each of the owner's links as `rel="me"` (what Mastodon's
 * verification and IndieAuth read, in the head as in the body), the fediverse account
 * as the page's creator (Mastodon's `fediverse:creator`, for its link previews), and the
 * routes the route table links from the page (humans.txt as its author file, humanstxt.org).
 */
function identity(layout: ProfileLayout): SafeHtml {
  const me = layout.links.flatMap(({ url }) => {
    const href = safeHref(url);
    return href
      ? [
          html`
<link rel="me" href="${href}">`,
        ]
      : [];
  });
  const creator = layout.fediverse
    ? html`
<meta name="fediverse:creator" content="${layout.fediverse}">`
    : "";
  const routes = layout.api.pageLinks.map(
    ({ rel, type, href }) => html`
<link rel="${rel}" type="${type}" href="${href}">`,
  );
  return html`${me}${creator}${routes}`;
}

function head(layout: ProfileLayout, css: string): SafeHtml {
  const { name, role, tagline } = layout.header;
  const { preview } = layout;
  const title = `${name} · ${role}`;
  const canonical = `${layout.siteUrl}/`;
  return html`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${tagline}">
<link rel="canonical" href="${canonical}">
<meta property="og:type" content="profile">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${tagline}">
<meta property="og:url" content="${canonical}">
<meta property="og:site_name" content="${name}">
<meta property="og:image" content="${preview.image}">
<meta property="og:image:type" content="${preview.type}">
<meta property="og:image:width" content="${preview.width}">
<meta property="og:image:height" content="${preview.height}">
<meta property="og:image:alt" content="${preview.alt}">
<meta name="twitter:card" content="summary_large_image">${identity(layout)}
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#eff1f5" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#181825" media="(prefers-color-scheme: dark)">
<link rel="icon" href="${ICON}">${
    layout.api.pageScript
      ? html`
<script src="${PAGE_SCRIPT_PATH}" defer></script>`
      : ""
  }
<style>${rawStyle(css)}</style>
</head>`;
}

function hero(layout: ProfileLayout): SafeHtml {
  const { name, nativeName, pronouns, role, city, country, localTime, tagline, bio, availability } =
    layout.header;
  const open = availability
    ? html`<p class="availability"><span class="dot" aria-hidden="true"></span><span><b>Availability</b> ${availability}</span></p>`
    : "";
  return html`<header class="hero"><div class="about">
<div class="who"><h1><span class="p-name">${name}</span>${nativeName ? html` <span class="native">${nativeName}</span>` : ""}</h1>${pronouns ? html`<span class="pronouns p-pronouns">${pronouns}</span>` : ""}</div>
<p class="role"><span class="p-job-title">${role}</span> · <span class="p-adr h-adr"><span class="p-locality">${city}</span>, <span class="p-country-name">${country}</span></span></p>
<p class="clock">Local time <time data-live="clock">${localTime.weekday} ${localTime.time}</time> (${localTime.offset})</p>
<p class="tagline p-note">${tagline}</p>
<p class="bio p-note">${bio}</p></div>
<div class="reach">${open}<p class="shell"><span>In a terminal?</span><code>curl ${layout.siteUrl}</code></p></div>
</header>`;
}

/** A titled list, or nothing at all when the list is empty. */
function list(title: string, items: readonly (string | SafeHtml)[], kind?: string) {
  return items.length === 0
    ? ""
    : html`<div${kind ? html` class="${kind}"` : ""}><h3>${title}</h3><ul>${items.map((item) => html`<li>${item}</li>`)}</ul></div>`;
}

/** Text linked to `url`, or the text alone when the URL is not one a page may link to. */
function linked(text: string, url: string): SafeHtml {
  const href = safeHref(url);
  return href ? html`<a href="${href}">${text}</a>` : html`${text}`;
}

function link({ label, url }: { label: string; url: string }): SafeHtml {
  const href = safeHref(url);
  const body = html`<b>${label}</b><small>${shortUrl(url)}</small>`;
  // The h-card's properties: an address to write to, or a page of the owner's.
  const property = href?.startsWith("mailto:") ? "u-email" : "u-url";
  return href
    ? html`<li><a class="${property}" href="${href}" rel="me noopener">${body}</a></li>`
    : html`<li>${body}</li>`;
}

/**
 * A role or a course: years (and where), title · place, what it was, and its highlights.
 * A role that goes on names the owner's organisation now.
 */
function timelineItem({
  years,
  title,
  place,
  detail,
  current,
  location,
  highlights = [],
}: TimelineEntry & Partial<Pick<CareerEntry, "current" | "location" | "highlights">>): SafeHtml {
  return html`
<li><p class="years">${years}${location ? html` <span class="where">· ${location}</span>` : ""}</p><h3>${title} <span class="place">· ${current ? html`<span class="p-org">${place}</span>` : place}</span></h3>${detail ? html`<p>${detail}</p>` : ""}${highlights.length > 0 ? html`<ul class="highlights">${highlights.map((item) => html`<li>${item}</li>`)}</ul>` : ""}</li>`;
}

/** A link to where a stranger's words are: user-generated, and vouched for by no one (`ugc nofollow`). */
function strangers(content: string | SafeHtml, url: string, classes: string): SafeHtml {
  const href = safeHref(url);
  return href
    ? html`<a class="${classes}" href="${href}" rel="ugc nofollow">${content}</a>`
    : html`${content}`;
}

/**
 * The newest update posted elsewhere, as an h-entry among the lists of /now: where it was
 * posted as its `u-syndication`, and the replies to the latest posts as its `p-comment
 * h-cite`s, each its text and, under it as a book's author is, who wrote it and when.
 * Nothing while no update has been posted.
 */
function conversation(posted: PostedLine | undefined, replies: readonly ReplyLine[]): SafeHtml | "" {
  if (!posted) return "";
  const copies = posted.posts.map((post, i) => {
    const href = safeHref(post.url);
    const link = href
      ? html`<a class="u-syndication" href="${href}" rel="syndication">${post.name}</a>`
      : post.name;
    return i === 0 ? link : html`, ${link}`;
  });
  const comments = replies.map(
    ({ author, handle, authorUrl, text, at, ago, url, service }) => html`
<li class="p-comment h-cite"><span class="p-content">${text}</span><span class="author">${strangers(author, authorUrl, "p-author h-card")} ${handle} · ${strangers(html`<time class="dt-published" datetime="${at}">${ago}</time>`, url, "u-url")} on ${service}</span></li>`,
  );
  return html`<div class="h-entry"><h3>Posted</h3><ul><li><span class="p-name">${posted.text}</span><span class="author"><time class="dt-published" datetime="${posted.at}">${posted.at.slice(0, 10)}</time> · on ${copies}</span></li></ul>${
    replies.length > 0 ? html`<h3>Replies</h3><ul>${comments}</ul>` : ""
  }</div>`;
}

/** Each section's body; its heading comes from `PROFILE_SECTIONS`. */
const SECTIONS: SectionRenderers<SafeHtml> = {
  now: ({
    status,
  }) => html`<div class="now-head"><p class="status"><span class="dot" aria-hidden="true"></span>${status.line}</p>
<p class="updated">updated <time datetime="${status.updated}">${status.updated}</time></p></div>
<div data-live="activity">${status.live.map(
    ({ source, text, url, happenedAt, ago, checked }) =>
      html`<p class="live"><b>${source}</b> ${linked(text, url)}${ago ? html` · <time datetime="${happenedAt}">${ago}</time>` : ""}${checked ? ` · ${checked}` : ""}</p>`,
  )}</div>
<div class="now-lists">${list("Building", status.building)}${list("Learning", status.learning)}${list(
    "Reading",
    status.reading.map(
      ({ title, author }) => html`<cite>${title}</cite> <span class="author">${author}</span>`,
    ),
    "books",
  )}${list("Not doing", status.notDoing, "declined")}${conversation(status.posted, status.replies)}</div>`,

  career: ({ timeline }) => html`<ol class="timeline">${timeline.map(timelineItem)}</ol>`,

  education: ({ education }) => html`<ol class="timeline">${education.map(timelineItem)}</ol>`,

  skills: ({ skills }) =>
    html`${skills.map(
      ({ group, skills: members }) =>
        html`${skills.length > 1 ? html`<h3 class="group">${group}</h3>` : ""}<ul class="skills">${members.map(
          ({ name, level }) => html`
<li><span class="skill p-category">${name}</span><span class="bar" aria-hidden="true"><span class="fill l${level}"></span></span><span class="level">${level}</span></li>`,
        )}</ul>`,
    )}`,

  languages: ({ languages }) =>
    html`<ul class="languages">${languages.map(
      ({ name, level }) => html`<li><span>${name}</span><span class="level">${level}</span></li>`,
    )}</ul>`,

  links: ({ links }) => html`<ul class="links">${links.map(link)}</ul>`,

  try: ({ api }) => html`<p class="intro">Everything here is also an API: JSON for programs, colour text for
terminals. Click a command to select it. Full reference: <a href="${api.docs}">${shortUrl(api.docs)}</a> (OpenAPI).</p>
<ul class="endpoints">${api.endpoints.map(
    ({ method, path, summary, command }) => html`
<li><div class="ep"><span class="method ${method.toLowerCase()}">${method}</span><code class="path">${path}</code><span class="summary">${summary}</span></div><pre class="cmd"><code>${breakable(command)}</code></pre></li>`,
  )}</ul>`,
};

/** Where each section goes on a wide screen: across the page, or in the main or the side column. */
const COLUMN: { readonly [id in SectionId]: "wide" | "main" | "side" } = {
  now: "wide",
  career: "main",
  education: "side",
  skills: "side",
  languages: "side",
  links: "side",
  try: "wide",
};

/** The sections in order, those of one column side by side gathered in its element. */
function grid(layout: ProfileLayout): SafeHtml[] {
  const runs: { column: string; cards: SafeHtml[] }[] = [];
  for (const { id, title } of layout.sections) {
    const card = html`
<section class="card" id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${title}</h2>
${SECTIONS[id](layout)}
</section>`;
    const last = runs.at(-1);
    if (last && last.column === COLUMN[id] && COLUMN[id] !== "wide") last.cards.push(card);
    else runs.push({ column: COLUMN[id], cards: [card] });
  }
  return runs.map(({ column, cards }) =>
    column === "wide"
      ? html`${cards}`
      : html`
<div class="column ${column}">${cards}
</div>`,
  );
}

/** Renders the whole page for one layout. */
export function renderPage(layout: ProfileLayout): RenderedPage {
  const css = stylesheet(layout.skills.flatMap(({ skills }) => skills.map(({ level }) => level)));
  const page = html`<!doctype html>
<html lang="en">
${head(layout, css)}
<body>
<main class="wrap h-card">
${hero(layout)}
<div class="grid">${grid(layout)}
</div>
<footer>${layout.header.name} · profile updated <time datetime="${layout.updated}">${layout.updated}</time> · <a href="${layout.api.docs}">API docs</a></footer>
</main>
</body>
</html>
`;
  return { html: page.value, css };
}
