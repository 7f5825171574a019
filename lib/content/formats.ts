/**
 * @module The string formats the content schemas use. TypeBox knows no formats until
 * they are registered; Elysia registers its own when imported, but validation must not
 * depend on what happened to be imported first. Whichever `date` is registered, days
 * that do not exist are refused by the meaning checks (`validate.ts`).
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
