/**
 * @module Every door beside HTTP, in one table, in the order they open: a door is its
 * folder here and a line below. Their variables in `--help`, their metrics and their part
 * of the start-up line follow from this list (`door/door.ts` says what a door is).
 */
import type { Door } from "./door/door.ts";
import { finger } from "./finger/door.ts";
import { ssh } from "./ssh/door.ts";

export const DOORS: readonly Door[] = [ssh, finger];
