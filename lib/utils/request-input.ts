/** @module What a message or a log line may quote of a request: its input, made safe to show. */

const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * Makes request input safe to quote in a message or a log line: printable ASCII only
 * (anything else percent-encoded), and short. Keeps control bytes out of terminals.
 */
export function quoteInput(input: string, maxLength = 120): string {
  if (input.length <= maxLength && PRINTABLE.test(input)) return input;
  const printable = input.replace(/[^\x20-\x7e]/gu, (char) => encodeURIComponent(char));
  return printable.length > maxLength ? `${printable.slice(0, maxLength)}...` : printable;
}
