/**
 * @module The string formats the content schemas use. TypeBox knows no formats until
 * they are registered, and one name holds one check: Elysia registers its own `date`,
 * `email` and `uri` when it is imported first, and then ours are not. So nothing that
 * must not depend on import order rests on a format alone: a day's shape is a pattern on
 * its schema (Elysia's `date` also takes `2026/03/15`), and days that do not exist are
 * refused by the meaning checks (`validate.ts`).
 */
import { FormatRegistry } from "@sinclair/typebox";
import { isDay } from "./dates.ts";

const FORMATS: Record<string, (value: string) => boolean> = {
  date: isDay,
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => URL.canParse(value),
};

export function registerFormats(): void {
  for (const [name, check] of Object.entries(FORMATS)) {
    if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
  }
}
