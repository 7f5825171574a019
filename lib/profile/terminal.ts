/**
 * @module Text for terminals that changes with the clock (the profile, the ping's status
 * card), as answers. Each request's switches (`text-switches.ts`) pick a variant: a
 * palette or none, a width, or the help. A variant is rendered the first time it is asked
 * for in its interval and reused until the interval ends (the owner's minute, the ping's
 * second); at most `VARIANT_LIMIT` are kept at once, whatever strangers send.
 *
 * The renderer (`ansi/`, with ansis and string-width) is loaded by the first request that
 * wants text: loading it at start-up costs memory and time for output that monitors and
 * browsers never get (docs/decisions/2026-11-21-start-up-deferred.md). Requests that come
 * while it loads are answered at once, their text streamed when it is drawn.
 */
import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { perInterval } from "../http/per-interval.ts";
import { PreparedResponse, preparedHeaders } from "../http/prepared-response.ts";
import type { AppContext } from "../http/route.ts";
import type { Help, Style } from "./ansi/index.ts";
import { profileLayout } from "./layout.ts";
import {
  DEFAULT_TEXT_OPTIONS,
  SWITCH_WORDS_MEANING,
  TEXT_SWITCHES,
  type TextOptions,
  textOptions,
} from "./text-switches.ts";

export type Renderer = typeof import("./ansi/index.ts");

let loaded: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

/** The renderer: at once when loaded, otherwise once it has (one load, however many wait). */
export function renderer(): Renderer | Promise<Renderer> {
  if (loaded) return loaded;
  loading ??= import("./ansi/index.ts").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** Answers a request for text, at once. */
export type TextAnswer = (request: Request) => Response;

/** How one variant is drawn. */
export interface Drawing {
  readonly style: Style;
  readonly width: number;
  /** Every switch the request gave, for drawings that need more than a style and a width. */
  readonly switches: TextOptions;
}

export interface LiveTextOptions {
  readonly intervalMs: number;
  readonly clock: () => number;
  readonly cacheControl: string;
  /** Adds a strong ETag, for text that stays the same long enough to revalidate. */
  readonly etag?: boolean;
  /** The URL this text is served at, for the commands `?help` shows. */
  readonly url: string;
}

/** Variants kept per interval: enough for every palette at a few widths, few enough to be nothing. */
export const VARIANT_LIMIT = 32;

/**
 * Which variant a request asks for: what tells one cached rendering from another. The
 * theme counts without colour too: a QR code's blocks depend on the background.
 */
function variantOf({ colour, theme, truecolor, width, help }: TextOptions): string {
  return `${help ? "help" : "text"} ${colour ? "" : "plain "}${theme}${truecolor ? "+truecolor" : ""} ${width}`;
}

/** The variant most requests ask for, named once rather than per request. */
const DEFAULT_VARIANT = variantOf(DEFAULT_TEXT_OPTIONS);

/** The help: how switches are written, then each switch, what it does, and a command that uses it. */
function helpOf(url: string): Help {
  const valueless = TEXT_SWITCHES.filter((sw) => !("values" in sw) && !("range" in sw)).map((sw) => sw.name);
  return {
    intro: [
      "Text answers take these in their query; combine them with &.",
      `${valueless.slice(0, -1).join(", ")} and ${valueless.at(-1)} need no value: each is ${SWITCH_WORDS_MEANING}.`,
    ],
    entries: TEXT_SWITCHES.map((sw) => ({
      names: [
        "values" in sw ? `${sw.name}=${sw.values.join("|")}` : "range" in sw ? `${sw.name}=N` : sw.name,
        ...("short" in sw ? [sw.short] : []),
      ].join(", "),
      meaning: sw.meaning,
      command: `curl '${url}?${sw.example}'`,
    })),
  };
}

/** The text `render` draws for the current interval, in the variant each request asks for. */
export function liveText(
  options: LiveTextOptions,
  render: (ansi: Renderer, at: Date, drawing: Drawing) => string,
): TextAnswer {
  const help = helpOf(options.url);
  const current = perInterval(options.intervalMs, options.clock, (at) => ({
    at,
    variants: new Map<string, PreparedResponse>(),
  }));

  const prepare = { contentType: CONTENT_TYPE.text, cacheControl: options.cacheControl, etag: options.etag };

  /** The variant a request asks for, in the current interval, rendered now if it is the first to. */
  function variantFor(ansi: Renderer, asked: TextOptions): PreparedResponse {
    const { at, variants } = current();
    const variant = asked === DEFAULT_TEXT_OPTIONS ? DEFAULT_VARIANT : variantOf(asked);
    let prepared = variants.get(variant);
    if (!prepared) {
      const style = asked.colour ? ansi.styleOf(ansi.paletteFor(asked.theme, asked.truecolor)) : ansi.PLAIN;
      const drawing = { style, width: asked.width, switches: asked };
      const text = asked.help ? ansi.renderHelp(help, drawing.width, style) : render(ansi, at, drawing);
      prepared = new PreparedResponse(text, prepare);
      if (variants.size >= VARIANT_LIMIT) variants.delete(variants.keys().next().value as string);
      variants.set(variant, prepared);
    }
    return prepared;
  }

  return function answerText(request) {
    // Read first: a bad switch is a 400, whether or not the renderer has loaded.
    const asked = textOptions(request.url);
    const ansi = renderer();
    if (!(ansi instanceof Promise)) return variantFor(ansi, asked).respond(request);
    // The first requests after start-up, while the renderer loads: answered at once, so
    // the pipeline stamps and logs them like any other, with every header but the ETag
    // (it depends on the text), and the text follows once drawn.
    const text = ansi.then((module) => variantFor(module, asked).body);
    return new Response(streamOf(text), { headers: preparedHeaders(prepare) });
  };
}

const encoder = new TextEncoder();

/** A body that is sent once `text` is ready. */
function streamOf(text: Promise<string>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(encoder.encode(await text));
      controller.close();
    },
  });
}

/**
 * The profile for terminals, served at `path` (`/api/curl`, and `/` for terminals),
 * re-rendered each minute with the owner's local time.
 */
export function terminalProfile(app: AppContext, path: string): TextAnswer {
  return liveText(
    {
      intervalMs: 60_000,
      clock: app.clock,
      cacheControl: CACHE_CONTROL.perMinute,
      etag: true,
      url: `${app.config.siteUrl}${path}`,
    },
    (ansi, at, { width, style }) =>
      ansi.renderProfile(profileLayout(app.content, app.routes, app.config.siteUrl, at), width, style),
  );
}
