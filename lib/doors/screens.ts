/**
 * @module What the doors show, drawn by the renderers HTTP answers with: the profile
 * (`lib/profile/ansi`), its /now section, the live view's frames and a fortune, each as
 * lines at a width and in a style; and the plain profile, the text `/?nocolor` answers,
 * for `ssh -T` and finger.
 */
import { QUOTES } from "../content/quotes.ts";
import { randomPicker } from "../content/random-pick.ts";
import type { LiveFeed } from "../live/feed.ts";
import {
  FRAME_MARGIN,
  heading,
  indent,
  insideFrame,
  PLAIN,
  renderProfile,
  type Style,
  wrap,
} from "../profile/ansi/index.ts";
import { liveViewLines } from "../profile/ansi/live-view.ts";
import { profileLayout } from "../profile/model/layout.ts";
import { liveStatus } from "../profile/model/live-status.ts";
import { WIDTH } from "../profile/text-switches.ts";
import { replies } from "../replies/feature.ts";
import type { Site } from "../site/site.ts";

/** The screens a terminal session switches between, each a key away. */
export const SCREENS = ["profile", "now", "live", "fortune"] as const;
export type ScreenName = (typeof SCREENS)[number];

/** Where a session is: the live view's frame (0, 1, ...), and the seconds it has left. */
export interface SessionMoment {
  readonly frame: number;
  readonly endsIn: number;
}

export interface DoorScreens {
  /** The screen's lines at `width` columns, drawn in `style`, at `moment` of the session. */
  draw(screen: ScreenName, width: number, style: Style, moment: SessionMoment): string[];
  /** The profile as `/?nocolor` answers it, at 80 columns, lines ending in `\n`. */
  plainProfile(): string;
}

/** A width the renderers take: what the terminal has, within the bounds of `?width`. */
export const drawingWidth = (columns: number): number => Math.min(WIDTH.max, Math.max(WIDTH.min, columns));

/** The lines of a text that ends in a newline. */
const linesOf = (text: string): string[] => text.replace(/\n$/, "").split("\n");

export function doorScreens(site: Site, feed: Pick<LiveFeed, "latest">): DoorScreens {
  const pickQuote = randomPicker(site.read(QUOTES), site.random);
  const talk = site.service(replies);
  const layoutAt = () =>
    profileLayout(
      site.content,
      site.routes,
      site.config.siteUrl,
      new Date(site.clock()),
      feed.latest(),
      talk.conversation(),
    );
  const draw = (
    screen: ScreenName,
    width: number,
    style: Style,
    { frame, endsIn }: SessionMoment,
  ): string[] => {
    switch (screen) {
      case "profile":
        return linesOf(renderProfile(layoutAt(), width, style));
      case "now": {
        // The profile's header and its Now section: who, and what they are doing.
        const layout = layoutAt();
        const now = { ...layout, sections: layout.sections.filter(({ id }) => id === "now") };
        return linesOf(renderProfile(now, width, style));
      }
      case "live": {
        const at = new Date(site.clock());
        return liveViewLines(
          {
            status: liveStatus(site.content, feed.latest(), at),
            seconds: String(at.getUTCSeconds()).padStart(2, "0"),
            pulse: frame % 2 === 0,
            endsIn,
          },
          width,
          style,
        );
      }
      case "fortune": {
        const { text, author, source } = pickQuote();
        const inner = insideFrame(width);
        return indent(
          [
            "",
            heading("Fortune", inner, style),
            "",
            ...wrap(`“${text}”`, inner).map((line) => style.value(line)),
            ...wrap(`— ${[author, source].filter(Boolean).join(", ")}`, inner).map((line) =>
              style.muted(line),
            ),
            "",
          ],
          FRAME_MARGIN,
        );
      }
    }
  };
  return {
    draw,
    plainProfile: () => renderProfile(layoutAt(), WIDTH.default, PLAIN),
  };
}
