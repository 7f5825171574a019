/**
 * @module IndexNow answers: what each engine status means, as a table the code reads.
 * The meanings are the protocol's (indexnow.org, "Response format"); 202 is a success.
 */

/**
 * Every outcome of a submission to one engine, and whether it is the engine's last word on
 * a release: accepted, or rejected (a 4xx other than 429: the key or the URLs are wrong,
 * and sending them again changes nothing). A 429, a timeout, or a network or server error
 * is worth a later trigger.
 */
const FINAL = {
  accepted: true,
  rejected: true,
  rate_limited: false,
  timeout: false,
  error: false,
} as const satisfies Record<string, boolean>;

export type EngineOutcome = keyof typeof FINAL;
/** Every engine outcome, in the table's order: what the release report's schema allows. */
export const ENGINE_OUTCOMES = Object.keys(FINAL) as EngineOutcome[];

export interface StatusMeaning {
  readonly outcome: EngineOutcome;
  readonly explanation: string;
}

/** The statuses the protocol names, and what they mean for the site owner. */
export const STATUS_MEANINGS: Readonly<Record<number, StatusMeaning>> = {
  200: { outcome: "accepted", explanation: "OK: the URLs were submitted" },
  202: {
    outcome: "accepted",
    explanation: "Accepted: the URLs were received; the engine will validate the key later",
  },
  400: { outcome: "rejected", explanation: "Bad request: the engine found the submission malformed" },
  403: {
    outcome: "rejected",
    explanation: "Forbidden: the key is not valid (key file not found, or its body does not match)",
  },
  422: {
    outcome: "rejected",
    explanation: "Unprocessable: URLs not on the host, or the key does not match the schema",
  },
  429: {
    outcome: "rate_limited",
    explanation: "Too many requests: the engine suspects spam; wait and retry",
  },
};

/** The meaning of any status: the table first, then the status class. */
export function meaningOf(status: number): StatusMeaning {
  const known = STATUS_MEANINGS[status];
  if (known) return known;
  if (status >= 200 && status < 300) {
    return { outcome: "accepted", explanation: `Success (${status}), a status the protocol does not name` };
  }
  if (status >= 500) {
    return { outcome: "error", explanation: `Server error (${status}) at the engine, on both attempts` };
  }
  return {
    outcome: "rejected",
    explanation: `Unexpected status ${status}, which the protocol does not name`,
  };
}

/** Whether an engine's outcome is its last word on a release (`FINAL`). */
export const isFinal = (outcome: EngineOutcome): boolean => FINAL[outcome];

/** Whether a status is worth the one retry: only server errors (never a 4xx). */
export const isRetryable = (status: number): boolean => status >= 500;

/** Known engines by endpoint host, so the report reads "Bing" rather than a host name. */
export const ENGINE_NAMES: Readonly<Record<string, string>> = {
  "www.bing.com": "Bing",
  "bing.com": "Bing",
  "yandex.com": "Yandex",
  "api.indexnow.org": "IndexNow",
  "search.seznam.cz": "Seznam",
  "searchadvisor.naver.com": "Naver",
  "indexnow.yep.com": "Yep",
};

export function engineName(endpoint: string): string {
  const { host, hostname } = new URL(endpoint);
  return ENGINE_NAMES[hostname] ?? host;
}
