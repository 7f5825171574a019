/**
 * @module The doors beside HTTP as a feature (`ssh site`, `finger handle@site`): every
 * door of the table (`doors.ts`), its variables, its connections counted, opened just
 * before the app listens and drained with it, its connections given 1.5 s of the drain to
 * close after their last line (docs/doors.md).
 */
import { defineFeature } from "../site/feature.ts";
import { type DoorsSettings, doorsSettings } from "./door/config.ts";
import { OpenDoors } from "./door/open-doors.ts";
import { DOORS } from "./doors.ts";

/** How long the doors' connections get to close after their last line, within the drain. */
const DOORS_CLOSE_MS = 1500;

export const doors = defineFeature<OpenDoors, DoorsSettings>({
  name: "doors",
  docs: "docs/doors.md",
  settings: doorsSettings(DOORS),
  setup: (site, settings) => new OpenDoors(DOORS, settings, site),
  open: (open) => open.open(),
  drain: (open) => open.drain(),
  async stop(open) {
    open.drain();
    await open.closed(DOORS_CLOSE_MS);
  },
});
