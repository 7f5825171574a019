/**
 * Test support: text answers as the width tests read them, without colour at a given
 * width, and compared with their white space removed, since a line may break anywhere a
 * person would break it.
 */
import { as, send, type testApp, withQuery } from "./app.ts";

/** Every width `?width=` takes, 40 to 200. */
export const WIDTHS: readonly number[] = Array.from({ length: 161 }, (_, i) => 40 + i);

/** A text without its white space: wrapped text compared with what it wraps. */
export const squash = (text: string): string => text.replace(/\s+/g, "");

/** What `app` answers curl at `url` without colour, `width` columns wide. */
export const plainAt = async (app: ReturnType<typeof testApp>, url: string, width: number): Promise<string> =>
  (await send(app, withQuery(url, `?nocolor&width=${width}`), as.curl)).text();
