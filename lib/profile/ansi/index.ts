/** @module The terminal renderer: ANSI output built from small parts that know their width. */
export * from "./parts.ts";
export { PROFILE_WIDTH, renderProfile } from "./profile.ts";
export { renderStatusCard, type StatusCard } from "./status-card.ts";
export { stripColour, style } from "./style.ts";
export { padEnd, truncate, visibleWidth, wrap } from "./width.ts";
