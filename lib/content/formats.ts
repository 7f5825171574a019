/**
 * @module The string formats the content schemas use. TypeBox knows no formats until
 * they are registered; Elysia registers its own when imported, but validation must not
 * depend on what happened to be imported first.
 */
import { FormatRegistry } from "@sinclair/typebox";

const FORMATS: Record<string, (value: string) => boolean> = {
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => URL.canParse(value),
};

export function registerFormats(): void {
  for (const [name, check] of Object.entries(FORMATS)) {
    if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
  }
}
