/**
 * @module What a terminal session shows, in one table: each screen a key away, drawn by
 * the renderers HTTP answers with (the profile of `lib/profile/ansi`, its /now section,
 * the live view's frames, a fortune), as lines at a width and in a style. The keys and
 * the keys line of `terminal-view.ts` follow from the table.
 */
import { QUOTES, type Quote } from "../../content/quotes.ts";
import { randomPicker } from "../../content/random-pick.ts";
import type { LiveFeed } from "../../live/feed.ts";
import {
  FRAME_MARGIN,
  heading,
  indent,
  insideFrame,
  renderProfile,
  type Style,
  wrap,
} from "../../profile/ansi/index.ts";
import { liveViewLines } from "../../profile/ansi/live-view.ts";
import type { ProfileLayout } from "../../profile/model/layout.ts";
import { liveStatus } from "../../profile/model/live-status.ts";
import { siteLayout } from "../../profile/site-layout.ts";
import { WIDTH } from "../../profile/text-switches.ts";
import type { Site } from "../../site/site.ts";

/** Where a session is: the live view's frame (0, 1, ...), and the seconds it has left. */
export interface SessionMoment {
  readonly frame: number;
  readonly endsIn: number;
}

/** What the screens draw from: the site, its live feed, the profile's layout now, a quote. */
export interface ScreenSource {
  readonly site: Site;
  readonly feed: Pick<LiveFeed, "latest">;
  layout(): ProfileLayout;
  quote(): typeof Quote.static;
}

/** A screen: the key that shows it, whether it is redrawn each second, and its lines. */
export interface Screen {
  readonly key: string;
  /** Redrawn each second while shown, its frame counting up. */
  readonly live?: boolean;
  draw(from: ScreenSource, width: number, style: Style, moment: SessionMoment): string[];
}

/** The lines of a text that ends in a newline. */
const linesOf = (text: string): string[] => text.replace(/\n$/, "").split("\n");

/** The screens, in the keys line's order; each one's name is its word there. The first is shown first. */
export const SCREENS = {
  profile: { key: "p", draw: (from, width, style) => linesOf(renderProfile(from.layout(), width, style)) },
  now: {
    key: "n",
    draw(from, width, style) {
      // The profile's header and its Now section: who, and what they are doing.
      const layout = from.layout();
      const now = { ...layout, sections: layout.sections.filter(({ id }) => id === "now") };
      return linesOf(renderProfile(now, width, style));
    },
  },
  live: {
    key: "l",
    live: true,
    draw({ site, feed }, width, style, { frame, endsIn }) {
      const at = new Date(site.clock());
      const status = liveStatus(site.content, feed.latest(), at);
      const seconds = String(at.getUTCSeconds()).padStart(2, "0");
      return liveViewLines({ status, seconds, pulse: frame % 2 === 0, endsIn }, width, style);
    },
  },
  fortune: {
    key: "f",
    draw(from, width, style) {
      const { text, author, source } = from.quote();
      const inner = insideFrame(width);
      const by = `— ${[author, source].filter(Boolean).join(", ")}`;
      return indent(
        [
          "",
          heading("Fortune", inner, style),
          "",
          ...wrap(`“${text}”`, inner).map((line) => style.value(line)),
          ...wrap(by, inner).map((line) => style.muted(line)),
          "",
        ],
        FRAME_MARGIN,
      );
    },
  },
} as const satisfies Readonly<Record<string, Screen>>;

export type ScreenName = keyof typeof SCREENS;

/** The screen named `name`, as the table has it. */
export const screenNamed = (name: ScreenName): Screen => SCREENS[name];

export interface DoorScreens {
  /** The screen's lines at `width` columns, drawn in `style`, at `moment` of the session. */
  draw(screen: ScreenName, width: number, style: Style, moment: SessionMoment): string[];
}

/** A width the renderers take: what the terminal has, within the bounds of `?width`. */
export const drawingWidth = (columns: number): number => Math.min(WIDTH.max, Math.max(WIDTH.min, columns));

/** The screens of `site`: what each draws, read when drawn. */
export function doorScreens(site: Site, feed: Pick<LiveFeed, "latest">): DoorScreens {
  const layoutAt = siteLayout(site);
  const from: ScreenSource = {
    site,
    feed,
    layout: () => layoutAt(new Date(site.clock())),
    quote: randomPicker(site.read(QUOTES), site.random),
  };
  return { draw: (screen, width, style, moment) => screenNamed(screen).draw(from, width, style, moment) };
}
