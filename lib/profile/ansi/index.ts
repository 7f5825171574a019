/** @module The terminal renderer: ANSI output built from small parts that know their width. */

export { padEnd, truncate, visibleWidth, wrap, wrapRuns } from "../../utils/width.ts";
export { type CommandEntry, commandLines, commandList, shellWords } from "./command.ts";
export { type ContactCard, renderContactCard } from "./contact-card.ts";
export { type Help, type HelpEntry, type HelpSection, renderHelp } from "./help.ts";
export { type PaletteName, paletteFor } from "./palettes.ts";
export * from "./parts.ts";
export { renderProfile } from "./profile.ts";
export { renderStatusCard, type StatusCard } from "./status-card.ts";
export { type ColourDepth, PLAIN, type Style, stripColour, styleOf } from "./style.ts";
