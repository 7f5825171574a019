/**
 * @module A session's requests before its shell or command, answered: a pty (its `TERM`
 * and size) and the environment variables the door reads are taken; agent and X11
 * forwarding and subsystems (sftp) are refused; then one shell or one command opens the
 * `Session` the handlers run on. A second shell or command on the same session is
 * refused: ssh2 would pass it on with no channel.
 */
import type * as ssh2 from "ssh2";
import type { SshConnection } from "./connection.ts";
import { type Handler, type Pty, Session } from "./session.ts";

/** The environment variables the door reads: `COLORTERM` says whether every colour is drawn. */
const ENV_READ: ReadonlySet<string> = new Set(["COLORTERM"]);

/** Answers the requests of `session`, on `connection`; its shell or command is handed to `handler`. */
export function answerRequests(session: ssh2.Session, connection: SshConnection, handler: Handler): void {
  let pty: Pty | undefined;
  const env: Record<string, string> = {};
  let started = false;
  const start = (accept: () => ssh2.ServerChannel, reject: () => void, command: string | undefined) =>
    connection.guard(() => {
      if (started) {
        reject?.();
        return;
      }
      started = true;
      handler(new Session(accept(), session, connection, { pty, env, command }));
    });
  session.on("pty", (accept, _reject, info) => {
    // A client with no terminal of its own (ssh -tt from a script) says 0 × 0.
    pty = { term: info.term, columns: info.cols || 80, rows: info.rows || 24 };
    accept?.();
  });
  session.on("env", (accept, _reject, info) => {
    if (ENV_READ.has(info.key)) env[info.key] = info.val;
    accept?.();
  });
  session.on("auth-agent", (_accept, reject) => reject?.());
  session.on("x11", (_accept, reject) => reject?.());
  session.on("subsystem", (_accept, reject) => reject?.());
  session.on("exec", (accept, reject, info) => start(accept, reject, info.command));
  session.on("shell", (accept, reject) => start(accept, reject, undefined));
}
