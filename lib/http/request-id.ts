/**
 * @module The request id every response carries as `X-Request-Id`. Its own module, with
 * no imports, so the benchmark's bare baseline can apply the very same rule.
 */

/** An incoming id is kept (a proxy may have logged it already) only if it is plainly safe. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const newUuid = () => crypto.randomUUID();

/** The caller's `X-Request-Id` when it is plainly safe, otherwise `newId()` (a UUID). */
export function requestIdFor(incoming: string | null, newId: () => string = newUuid): string {
  return incoming !== null && SAFE_REQUEST_ID.test(incoming) ? incoming : newId();
}
