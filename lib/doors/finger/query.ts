/**
 * @module One finger connection: its query line read (at most 512 bytes, within
 * `FINGER_TIMEOUT_SECONDS`), answered, and closed; a client that stops reading the answer
 * is not waited for longer than the same timeout.
 */
import type { Socket } from "node:net";
import type { Log } from "../../runtime/log.ts";
import { DoorConnection } from "../door/connection.ts";
import type { CloseReason } from "../door/reasons.ts";

/** The longest query line, its CRLF excluded (RFC 1288 sets none; a name is far shorter). */
export const FINGER_QUERY_LIMIT_BYTES = 512;

const TOO_LONG = `finger: a query is one line of at most ${FINGER_QUERY_LIMIT_BYTES} bytes\r\n`;

export class FingerQuery extends DoorConnection {
  #query = Buffer.alloc(0);
  #answer: string | undefined;

  constructor(
    socket: Socket,
    timeoutSeconds: number,
    log: Pick<Log, "error">,
    /** The answer to a query line, without its line end. */
    answer: (line: string) => string,
  ) {
    super(socket, { graceMs: timeoutSeconds * 1000, log });
    this.deadline(timeoutSeconds, "too_late");
    socket.on("data", (chunk: Buffer) => {
      if (this.reason) return;
      this.#query = Buffer.concat([this.#query, chunk]);
      const lineEnd = this.#query.indexOf("\n");
      if (lineEnd === -1) {
        if (this.#query.length > FINGER_QUERY_LIMIT_BYTES) this.#say(TOO_LONG, "too_long");
        return;
      }
      const line = this.#query.subarray(0, lineEnd).toString("latin1").replace(/\r$/, "");
      if (line.length > FINGER_QUERY_LIMIT_BYTES) this.#say(TOO_LONG, "too_long");
      else this.#say(answer(line), "answered");
    });
  }

  /** Writes `text` and closes, for `reason`. */
  #say(text: string, reason: CloseReason): void {
    this.#answer = text;
    this.close(reason);
  }

  protected goodbye(): void {
    if (this.#answer) this.socket.end(this.#answer);
    else this.socket.destroy();
  }
}
