/**
 * @module Dates in content: a year (`2024`), a month (`2024-03`) or a day (`2024-03-15`),
 * whether they exist in the calendar, and their order at the precision two of them share.
 */

const SHAPE = /^([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2}))?)?$/;

/**
 * A day's shape, `YYYY-MM-DD`, as a pattern: what `isDay` tests, and the `pattern` of a
 * day's schema, since the `date` format is whichever was registered first, and Elysia's,
 * when Elysia is imported first, also takes `2026/03/15` (`formats.ts`).
 */
export const DAY_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
const DAY = new RegExp(DAY_PATTERN);

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 28 to 31; `month` from 1 to 12. Day 0 of the next month is this month's last. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Why a date in one of the three shapes is not in the calendar (`February 2026 has 28
 * days`), or undefined when it is, or is not in those shapes at all. `Date.parse` would
 * roll `2026-02-30` over to March instead of refusing it.
 */
export function notInCalendar(date: string): string | undefined {
  const match = SHAPE.exec(date);
  if (!match) return undefined;
  const year = Number(match[1]);
  if (match[2] === undefined) return undefined;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return `there is no month ${match[2]}`;
  if (match[3] === undefined) return undefined;
  const day = Number(match[3]);
  const days = daysIn(year, month);
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  return undefined;
}

/** `YYYY-MM-DD`, and a day that exists. */
export function isDay(date: string): boolean {
  return DAY.test(date) && notInCalendar(date) === undefined;
}

/** A year, a month or a day that exists. */
export function isCalendarDate(date: string): boolean {
  return SHAPE.test(date) && notInCalendar(date) === undefined;
}

/**
 * True when `date` is before `other` at the precision both have: `2019` is before
 * `2020-05`, but `2020` is not (the same year, as far as `2020` says). An end before its
 * start, or a later role listed after an earlier one, is one.
 */
export function isBefore(date: string, other: string): boolean {
  const shared = Math.min(date.length, other.length);
  return date.slice(0, shared) < other.slice(0, shared);
}

/**
 * What is wrong with a date that has the shape of one but is not in the calendar, as a
 * mistake's line says it (`is "2026-02-30", not in the calendar: February 2026 has 28
 * days`); undefined for any other value.
 */
export function impossibleDate(date: string): string | undefined {
  const why = notInCalendar(date);
  return why && `is ${JSON.stringify(date)}, not in the calendar: ${why}`;
}

/**
 * `YYYY-MM-DD`: the day `at` is in `timeZone`, as the owner's calendar has it. At 23:12 in
 * Montevideo it is already tomorrow in UTC: every date a command writes is the owner's.
 */
export function dayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
