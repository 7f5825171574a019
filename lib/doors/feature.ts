/**
 * @module The doors beside HTTP as a feature (`ssh site`, `finger handle@site`): the
 * `SSH_*` and `FINGER_*` variables, the doors opened just before the app listens and
 * drained with it, their sessions counted (`metrics.ts`) and their connections given
 * 1.5 s of the drain to close after their last line (docs/doors.md).
 */
import { live } from "../live/feature.ts";
import { defineFeature } from "../site/feature.ts";
import { DOORS_SETTINGS, type DoorsConfig } from "./config.ts";
import { Doors } from "./doors.ts";
import { doorMetrics } from "./metrics.ts";
import { doorScreens } from "./screens.ts";

/** How long the doors' connections get to close after their last line, within the drain. */
const DOORS_CLOSE_MS = 1500;

export const doors = defineFeature<Doors, DoorsConfig>({
  name: "doors",
  docs: "docs/doors.md",
  settings: DOORS_SETTINGS,
  setup(site, config) {
    // Nothing is drawn ahead for doors that are closed.
    const screens = config.ssh || config.finger ? doorScreens(site, site.service(live)) : undefined;
    return new Doors(config, site.config, screens, site.content.profile.handle, {
      log: site.log,
      metrics: doorMetrics(site.metrics),
    });
  },
  open: (open) => open.open(),
  drain: (open) => open.drain(),
  async stop(open) {
    open.drain();
    await open.closed(DOORS_CLOSE_MS);
  },
});
