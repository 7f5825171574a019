/**
 * @module A PROXY header read off a connection before anything else, within a deadline
 * (`proxy-protocol.ts` parses it): what it says, or why there is none. The bytes after it
 * are given back to the socket (`unshift`), which is left paused, for the door to read.
 */
import type { Socket } from "node:net";
import { type ProxyHeader, parseProxyHeader } from "./proxy-protocol.ts";

/** The header, or why none was taken: for the log line. */
export type HeaderRead = { readonly header: ProxyHeader } | { readonly refused: string };

export function readProxyHeader(socket: Socket, seconds: number): Promise<HeaderRead> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const done = (read: HeaderRead) => {
      clearTimeout(deadline);
      socket.off("data", onData);
      socket.off("close", onClose);
      resolve(read);
    };
    const deadline = setTimeout(
      () =>
        done({ refused: received.length > 0 ? "a PROXY header left unfinished" : "no PROXY header in time" }),
      seconds * 1000,
    );
    const onClose = () => done({ refused: "closed before its PROXY header" });
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const parsed = parseProxyHeader(received);
      if ("incomplete" in parsed) return;
      socket.pause();
      if ("malformed" in parsed) {
        done({ refused: parsed.malformed });
        return;
      }
      const rest = received.subarray(parsed.length);
      if (rest.length > 0) socket.unshift(rest);
      done({ header: parsed.header });
    };
    socket.on("data", onData);
    socket.once("close", onClose);
  });
}
