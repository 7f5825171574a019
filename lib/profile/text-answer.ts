/**
 * @module Text for terminals as answers, in the variant each request's switches ask for
 * (`text-switches.ts`): a palette or none, a width, or the help; and, for a one-liner,
 * its format (`TextAnswerOptions.keyOf`). A variant is drawn the first time it is asked
 * for and kept (`lib/utils/cache.ts`), at most `VARIANT_LIMIT` at once whatever strangers send:
 * for good (`fixedText`), or, for text that shows the time (`liveText`), until the clock's
 * interval ends (the owner's minute, the ping's second). Every variant is a prepared
 * response: the same headers, ETag and compression for the first answer as for every
 * later one.
 */

import { CONTENT_TYPE } from "../http/headers.ts";
import { PreparedResponse } from "../http/prepared-response.ts";
import { Cache } from "../utils/cache.ts";
import { type Help, PLAIN, paletteFor, renderHelp, type Style, styleOf } from "./ansi/index.ts";
import { oneLinerHelp } from "./one-liner.ts";
import { tmuxStyleOf } from "./status-bars.ts";
import { switchesHelp, switchesIn, type TextOptions } from "./text-switches.ts";

/** How one variant is drawn. */
export interface Drawing {
  readonly style: Style;
  readonly width: number;
  /** Every switch the request gave, for drawings that need more than a style and a width. */
  readonly switches: TextOptions;
  /** What `TextAnswerOptions.keyOf` read from the request; empty without it. */
  readonly key: string;
}

export interface TextAnswerOptions {
  /** The URL this text is served at, for the commands `?help` shows. */
  readonly url: string;
  readonly cacheControl: string;
  /** Adds a strong ETag, for text that stays the same long enough to revalidate. */
  readonly etag?: boolean;
  /** `false` for text that is the same whoever asks (a one-liner): no `Vary`. */
  readonly vary?: false;
  /**
   * One line, as one-liners are: plain text unless `?A` (`ansi`) asks for colour, and
   * `?width` ignored, since a line is as wide as it is.
   */
  readonly oneLine?: boolean;
  /** The answer's media type for what the switches ask; plain text without it. */
  readonly contentTypeOf?: (switches: TextOptions) => string;
  /**
   * What else in the request's query picks the text (a one-liner's format), kept with the
   * switches as what tells one variant from another. Throws the 400 for a value it refuses.
   */
  readonly keyOf?: (query: URLSearchParams | undefined) => string;
}

export interface LiveTextOptions extends TextAnswerOptions {
  readonly intervalMs: number;
  readonly clock: () => number;
}

/** Answers a request for text. */
export type TextAnswer = (request: Request) => Response;

/** Variants kept at once: enough for every palette at a few widths, few enough to be nothing. */
export const VARIANT_LIMIT = 32;

/** Queries kept read at once, per answer: a status bar's few, whatever strangers send. */
const QUERIES_KEPT = 64;

/** What a query asks of a text answer. */
interface Asked {
  readonly switches: TextOptions;
  readonly key: string;
  readonly variant: string;
}

/**
 * Which variant a request asks for: what tells one drawing from another. The theme
 * counts without colour too: a QR code's blocks depend on the background.
 */
function variantOf({ colour, theme, truecolor, width, help, tmux, waybar }: TextOptions): string {
  const bar = waybar ? " waybar" : tmux ? " tmux" : "";
  return `${help ? "help" : "text"} ${colour ? "" : "plain "}${theme}${truecolor ? "+truecolor" : ""} ${width}${bar}`;
}

/** `?help` for text served at `url`: the switches, and the one-liners at the site's root. */
function helpFor(url: string): Help {
  return { ...switchesHelp(url), sections: [oneLinerHelp(`${new URL(url).origin}/`)] };
}

/** Answers each request with its variant, from `drawn` or drawn now with `draw`. */
function answerFrom(
  options: TextAnswerOptions,
  drawn: Cache<PreparedResponse>,
  draw: (drawing: Drawing, at: Date) => string,
): TextAnswer {
  const help = helpFor(options.url);
  const { oneLine = false, keyOf } = options;
  const prepare = {
    cacheControl: options.cacheControl,
    etag: options.etag,
    ...(options.vary === false && { vary: false as const }),
  };

  /** What a query asks for: the switches, what `keyOf` reads, and the variant they name. */
  function read(query: URLSearchParams | undefined): Asked {
    const given = switchesIn(query, { laidOut: !oneLine });
    // Colour unless the switches say no; for one-liners, only when they ask for it, as ANSI or tmux's.
    const switches = oneLine && !given.ansi && !given.tmux ? { ...given, colour: false } : given;
    const key = keyOf ? keyOf(query) : "";
    return { switches, key, variant: `${variantOf(switches)} ${key}` };
  }
  // Status bars ask for the same URL over and over: each query is read once (a query refused
  // with a 400 never is kept).
  const asked = new Cache<Asked>({ limit: QUERIES_KEPT });

  return function answerText(request) {
    const start = request.url.indexOf("?");
    const search = start === -1 ? "" : request.url.slice(start + 1);
    const { switches, key, variant } = asked.get(search, () =>
      read(search ? new URLSearchParams(search) : undefined),
    );
    const prepared = drawn.get(variant, (at) => {
      const palette = paletteFor(switches.theme, switches.truecolor);
      const style = !switches.colour
        ? PLAIN
        : oneLine && switches.tmux
          ? tmuxStyleOf(palette)
          : styleOf(palette);
      // The help is read by a person at a terminal, whatever bar the line is for.
      const text = switches.help
        ? renderHelp(help, switches.width, switches.colour ? styleOf(palette) : PLAIN)
        : draw({ style, width: switches.width, switches, key }, at);
      const contentType = switches.help
        ? CONTENT_TYPE.text
        : (options.contentTypeOf?.(switches) ?? CONTENT_TYPE.text);
      return new PreparedResponse(text, { ...prepare, contentType });
    });
    return prepared.respond(request);
  };
}

/** Text that stays the same (the contact card): each variant drawn once. */
export function fixedText(options: TextAnswerOptions, draw: (drawing: Drawing) => string): TextAnswer {
  return answerFrom(options, new Cache({ limit: VARIANT_LIMIT }), draw);
}

/** Text that shows the time: each variant drawn again in each interval, at its first request. */
export function liveText(options: LiveTextOptions, draw: (drawing: Drawing, at: Date) => string): TextAnswer {
  const every = { ms: options.intervalMs, clock: options.clock };
  return answerFrom(options, new Cache({ limit: VARIANT_LIMIT, every }), draw);
}
