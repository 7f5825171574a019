/**
 * GET /: terminal clients get the profile, byte for byte what /api/curl returns (the
 * "rewrite"); browsers get the same profile as an HTML page; programs, and anyone who
 * asks for JSON alone, get an index of the API as JSON; an assistant that prefers Markdown,
 * the profile in Markdown. `?format=` is a one-liner, one line of text for status bars,
 * whoever asks.
 */
import { Type as t } from "@sinclair/typebox";
import { profileTextExample } from "../lib/docs/examples.ts";
import { DOCS_PATH, OPENAPI_PATH } from "../lib/docs/paths.ts";
import { envelope, htmlBody, jsonBody, markdownBody, ok, textBody } from "../lib/docs/responses.ts";
import { ApiError } from "../lib/http/errors.ts";
import { CACHE_CONTROL, CONTENT_TYPE } from "../lib/http/headers.ts";
import { PreparedJson, preparedHeaders } from "../lib/http/prepared-response.ts";
import { live } from "../lib/live/feature.ts";
import { preparedMarkdown } from "../lib/markdown/prepared-markdown.ts";
import { profileMarkdown } from "../lib/markdown/profile.ts";
import { browserPage } from "../lib/profile/browser.ts";
import { drawOneLiner, formatParameter, parseFormat } from "../lib/profile/one-liner.ts";
import { pangoEscaped, tmuxEscaped, waybarModule } from "../lib/profile/status-bars.ts";
import { terminalProfile } from "../lib/profile/terminal-profile.ts";
import { liveText } from "../lib/profile/text-answer.ts";
import { queryOf, switchesIn, switchParameters } from "../lib/profile/text-switches.ts";
import { defineRoute, type Site, siteApiName } from "../lib/site/site.ts";

const apiIndexSchema = () =>
  t.Object({
    name: t.String(),
    description: t.String(),
    docs: t.Object({
      ui: t.String({ description: "Interactive documentation" }),
      openapi: t.String({ description: "The OpenAPI 3.1 document" }),
    }),
    endpoints: t.Array(
      t.Object({
        method: t.String(),
        path: t.String(),
        description: t.String({ description: "One line" }),
      }),
    ),
  });

/** Whether a request URL's query names `format`: a one-liner, whatever else it asks. */
const ASKS_FOR_FORMAT = /[?&]format(?:[=&]|$)/;

/** A one-liner, as `?format=` asks, drawn once a minute per format and switches. */
function oneLiner(site: Site) {
  const feed = site.service(live);
  return liveText(
    {
      intervalMs: 60_000,
      clock: site.clock,
      cacheControl: CACHE_CONTROL.perMinute,
      etag: true,
      vary: false,
      oneLine: true,
      url: `${site.config.siteUrl}/`,
      contentTypeOf: ({ waybar }) => (waybar ? CONTENT_TYPE.json : CONTENT_TYPE.text),
      keyOf(query) {
        const format = query?.get("format") ?? "";
        // Parsed for its 400 before the query is remembered; a key is text, so the draw parses it again.
        parseFormat(format);
        return format;
      },
    },
    ({ style, key, switches }, at) => {
      const format = parseFormat(key);
      const values = { content: site.content, at, activities: feed.latest() };
      if (switches.waybar) return `${JSON.stringify(waybarModule(format, values))}\n`;
      return `${drawOneLiner(format, values, style, switches.tmux ? tmuxEscaped : undefined)}\n`;
    },
  );
}

/** Which status bar a one-liner asks to be drawn for, if any; none when the switch is what was refused. */
function barAskedFor(request: Request): "waybar" | "tmux" | undefined {
  try {
    const { waybar, tmux } = switchesIn(queryOf(request.url), { laidOut: false });
    return waybar ? "waybar" : tmux ? "tmux" : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A one-liner's refusal as what asked for it reads it: one line of plain text, since a status
 * bar shows only the last line of a JSON envelope (for tmux, with its `#` escaped); for
 * Waybar, its JSON, the reason as the tooltip.
 */
function oneLineRefusal(error: ApiError, request: Request): Response {
  const bar = barAskedFor(request);
  const waybar = bar === "waybar";
  const body = waybar
    ? `${JSON.stringify({ text: "⚠", tooltip: pangoEscaped(error.message), class: "error" })}\n`
    : `${bar === "tmux" ? tmuxEscaped(error.message) : error.message}\n`;
  return new Response(body, {
    status: error.status,
    headers: preparedHeaders({
      contentType: waybar ? CONTENT_TYPE.json : CONTENT_TYPE.text,
      cacheControl: CACHE_CONTROL.noStore,
      vary: false,
    }),
  });
}

/** The message of what `parse` throws: the documented example of a refusal is the real one. */
function refusalOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the example was not refused");
}

/** What programs get at `/`: the API in one page. */
function apiIndex({ config: { siteUrl }, content, routes }: Site) {
  return {
    name: siteApiName(content.profile),
    description: `${content.profile.tagline} Try \`curl ${siteUrl}\` in a terminal.`,
    docs: { ui: `${siteUrl}${DOCS_PATH}`, openapi: `${siteUrl}${OPENAPI_PATH}` },
    endpoints: routes.map(({ method, path, summary }) => ({ method, path, description: summary })),
  };
}

export const GET = defineRoute({
  detail: {
    summary: "API index, or the profile for terminals and browsers",
    description:
      "Programs get a JSON index of the API: every endpoint with a one-line description, " +
      "and where the OpenAPI document is. Terminal clients (curl, wget, HTTPie, " +
      "PowerShell, ...) get the owner's profile as ANSI text. Browsers get the same " +
      "profile as a self-contained HTML page. `Accept: application/json` (without `*/*`) " +
      "gets the JSON index, whoever asks; an `Accept` that prefers `text/markdown` gets the " +
      "profile in Markdown. `?format=` gets a one-liner instead, whoever asks: " +
      "one line of `text/plain` for status bars and prompts (tmux, Waybar, a shell prompt).",
    tags: ["profile"],
    parameters: [formatParameter(), ...switchParameters()],
    responses: (site) => ({
      200: ok(
        "The index (JSON), the terminal profile (text), the profile page (HTML) or the profile in Markdown",
        {
          ...jsonBody(apiIndexSchema(), apiIndex(site)),
          ...textBody(profileTextExample(site.content)),
          ...htmlBody('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n...'),
          ...markdownBody(profileMarkdown(site.content.profile)),
        },
        true,
      ),
      400: {
        ...envelope("bad_request", "Malformed request; for a one-liner, one line of text that says why", "…"),
        content: {
          ...envelope("bad_request", "", "width must be a whole number from 40 to 200").content,
          ...textBody(`${refusalOf(() => parseFormat("%x"))}\n`),
        },
      },
    }),
  },
  profileForTerminals: true,
  sitemap: ["profile", "now"],
  setup(site) {
    const index = new PreparedJson(apiIndex(site));
    const profile = terminalProfile(site, "/");
    const page = browserPage(site);
    const line = oneLiner(site);
    const markdown = preparedMarkdown(profileMarkdown(site.content.profile), "negotiated");
    return function root({ client, request }) {
      // A one-liner is what the query asks for, whoever asks: before the client's representation.
      if (ASKS_FOR_FORMAT.test(request.url)) {
        try {
          return line(request);
        } catch (error) {
          if (error instanceof ApiError) return oneLineRefusal(error, request);
          throw error;
        }
      }
      if (client.markdown) return markdown.respond(request);
      switch (client.wants) {
        case "text":
          return profile(request);
        case "html":
          return page(request);
        case "json":
          return index.respond(client, request);
      }
    };
  },
});
