/**
 * @module Server-Sent Events, framed as the HTML standard's event stream format reads them:
 * `field: value` lines, an event ending with an empty line. Elysia's generator responses
 * default to this content type without the framing, so the streams frame it themselves.
 */

/**
 * One event: its type, and its data, one `data:` line per line of it (a line break inside a
 * field would end it early).
 */
export function serverSentEvent({ event, data }: { readonly event: string; readonly data: string }): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `event: ${event}\n${lines.join("")}\n`;
}
