/**
 * @module Text for terminals that changes with the clock (the profile, the ping's status
 * card), as answers: rendered at most once per interval and only when asked for, in colour
 * or, for `?nocolor`, plain.
 *
 * The renderer (`ansi/`, with ansis and string-width) is loaded by the first request that
 * wants text, which waits for it: loading it at start-up cost 15 ms and 9 MB from source,
 * for output that monitors and browsers never get
 * (docs/decisions/2026-11-21-start-up-deferred.md).
 */
import { wantsColour } from "../http/colour-switch.ts";
import { CACHE_CONTROL } from "../http/headers.ts";
import { perInterval } from "../http/per-interval.ts";
import { PreparedText } from "../http/prepared-response.ts";
import type { AppContext } from "../http/route.ts";
import { profileLayout } from "./layout.ts";

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

/** Answers a request for text; only the requests that arrive before the renderer has loaded wait. */
export type TextAnswer = (request: Request) => Response | Promise<Response>;

export interface LiveTextOptions {
  readonly intervalMs: number;
  readonly clock: () => number;
  readonly cacheControl: string;
  /** Adds a strong ETag, for text that stays the same long enough to revalidate. */
  readonly etag?: boolean;
}

/** The text `render` draws for the current interval, in colour unless the request asks for `?nocolor`. */
export function liveText(options: LiveTextOptions, render: (ansi: Renderer, at: Date) => string): TextAnswer {
  const current = perInterval(options.intervalMs, options.clock, (at, ansi: Renderer) => {
    const colour = render(ansi, at);
    return new PreparedText(colour, ansi.stripColour(colour), options.cacheControl, options.etag);
  });
  const respond = (ansi: Renderer, request: Request) => current(ansi).respond(wantsColour(request), request);
  return function answerText(request) {
    const ansi = renderer();
    return ansi instanceof Promise ? ansi.then((module) => respond(module, request)) : respond(ansi, request);
  };
}

/** The profile for terminals (`/api/curl`, and `/` for terminals), re-rendered each minute with the owner's local time. */
export function terminalProfile(app: AppContext): TextAnswer {
  return liveText(
    { intervalMs: 60_000, clock: app.clock, cacheControl: CACHE_CONTROL.perMinute, etag: true },
    (ansi, at) => ansi.renderProfile(profileLayout(app.content, app.routes, app.config.siteUrl, at)),
  );
}
