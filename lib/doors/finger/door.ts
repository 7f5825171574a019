/**
 * @module The finger door (RFC 1288, `finger handle@site`): one query line in, the plain
 * profile and the owner's plan, or one line, out, then the close (`query.ts`,
 * `answer.ts`, `plan.ts`). 20 connections at
 * once and 3 per address; every one over either is told so in a line. A few lines of our own
 * on `node:net`, which Bun and Deno both serve (docs/decisions/2026-11-27-doors.md).
 */
import { NOW_HISTORY } from "../../content/site-content.ts";
import { wholeNumber } from "../../runtime/env.ts";
import type { SlotLimit } from "../../utils/slots.ts";
import { defineDoor, serverOptions } from "../door/door.ts";
import { plainProfile } from "../door/plain-profile.ts";
import { serveDoor } from "../door/serve.ts";
import { fingerAnswer } from "./answer.ts";
import { fingerPlan } from "./plan.ts";
import { FingerQuery } from "./query.ts";

/** Finger connections at once, and per client address: each lasts a moment. */
export const FINGER_MAX = 20;
export const FINGER_PER_CLIENT = 3;
export const DEFAULT_FINGER_TIMEOUT_SECONDS = 5;

export interface FingerSettings {
  /** How long a client has to send its query line. @default 5 */
  readonly timeoutSeconds: number;
}

const REFUSALS: Readonly<Record<SlotLimit, string>> = {
  max: "finger: too many queries at once; try again in a minute\r\n",
  per_client: "finger: your address has as many queries open as it may; try again in a minute\r\n",
};

export const finger = defineDoor<FingerSettings>({
  name: "finger",
  port: "FINGER_PORT",
  help: [
    {
      variables: ["FINGER_PORT"],
      meaning: "the finger door (finger handle@site): its port; 0 any free (off)",
    },
    {
      variables: ["FINGER_TIMEOUT_SECONDS"],
      meaning: `how long a finger client has to send its query (${DEFAULT_FINGER_TIMEOUT_SECONDS} s)`,
    },
  ],
  read: (env) => ({
    timeoutSeconds: wholeNumber(env, "FINGER_TIMEOUT_SECONDS", DEFAULT_FINGER_TIMEOUT_SECONDS, 1, 600),
  }),
  setup(site, options) {
    const { handle, location } = site.content.profile;
    const owner = {
      handle,
      plainProfile: plainProfile(site),
      plan: fingerPlan(site.read(NOW_HISTORY), location.timezone),
    };
    const answer = (line: string) => fingerAnswer(line, owner);
    const { timeoutSeconds } = options.settings;
    const limits = { max: FINGER_MAX, perClient: FINGER_PER_CLIENT };
    return {
      open: () =>
        serveDoor(
          {
            ...serverOptions(site, options, limits, timeoutSeconds),
            refusalLine: (limit: SlotLimit) => REFUSALS[limit],
          },
          ({ socket }) => new FingerQuery(socket, timeoutSeconds, site.log, answer),
        ),
    };
  },
});
