/**
 * @module Terminal text that changes with the clock (the profile, the status card):
 * rendered at most once per interval, only when a request wants it, and answered in
 * colour or, for `?nocolor`, plain. The first such request loads the renderer.
 */
import { wantsColour } from "../http/colour-switch.ts";
import { perInterval } from "../http/per-interval.ts";
import { PreparedText } from "../http/prepared-response.ts";
import { type TerminalRenderer, withTerminalRenderer } from "./terminal-renderer.ts";

/** Answers a request; the very first one waits while the renderer loads. */
export type TextAnswer = (request: Request) => Response | Promise<Response>;

export interface LiveTextOptions {
  readonly intervalMs: number;
  readonly clock: () => number;
  readonly cacheControl: string;
  /** Adds a strong ETag, for text that stays the same long enough to revalidate. */
  readonly etag?: boolean;
}

/** The text `render` draws for the current interval, in colour unless the request asks for `?nocolor`. */
export function liveTerminalText(
  options: LiveTextOptions,
  render: (ansi: TerminalRenderer, at: Date) => string,
): TextAnswer {
  const current = perInterval(options.intervalMs, options.clock, (at, ansi: TerminalRenderer) => {
    const colour = render(ansi, at);
    return new PreparedText(colour, ansi.stripColour(colour), options.cacheControl, options.etag);
  });
  // Passed the request rather than closing over it: no closure per request.
  const respond = (ansi: TerminalRenderer, request: Request) =>
    current(ansi).respond(wantsColour(request), request);
  return (request) => withTerminalRenderer(respond, request);
}
