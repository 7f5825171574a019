/**
 * @module Whether this deployment can submit at all. Without a key, or with a SITE_URL
 * no engine could reach (localhost, a bare IP), the trigger answers 503 and says what
 * to set, rather than sending submissions that engines would reject anyway.
 */

/** Host names that are not a public origin: loopback names and single labels. */
function privateHostProblem(hostname: string): string | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return "a loopback name";
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.startsWith("[")) return "a bare IP address";
  if (!name.includes(".")) return "a single-label name, not a public domain";
  return undefined;
}

/**
 * Why a deployment without a key cannot submit: the 503's message. `bun run notify` knows
 * the answer by it, and skips: a site may run without IndexNow.
 */
export const NO_KEY_REASON =
  "IndexNow is not configured: set INDEXNOW_KEY to this site's key " +
  '(8 to 128 characters of a-z, A-Z, 0-9 and "-"), e.g. `fly secrets set INDEXNOW_KEY=...`';

/** Why a deployment with `key` (if any) at `siteUrl` cannot submit, for a person to act on; undefined when it can. */
export function notReadyReason(key: string | undefined, siteUrl: string): string | undefined {
  if (key === undefined) return NO_KEY_REASON;
  const problem = privateHostProblem(new URL(siteUrl).hostname);
  if (problem) {
    return (
      `SITE_URL is ${siteUrl}, ${problem}: search engines reject submissions for it. ` +
      "Set SITE_URL to the site's public origin, e.g. https://example.com"
    );
  }
  return undefined;
}
