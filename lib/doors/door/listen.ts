/**
 * @module A door's listening socket, on `node:net`: the API Bun and Deno both implement,
 * and the one ssh2 is written for. A port in use or an address not this machine's is a
 * `ListenError`, which start-up turns into a one-line refusal naming the variable.
 */
import type { Server } from "node:net";
import { ListenError, type ListenFailure } from "../../runtime/listen-error.ts";

const LISTEN_FAILURES: Readonly<Record<string, ListenFailure>> = {
  EADDRINUSE: "in use",
  EADDRNOTAVAIL: "not available",
  EACCES: "not permitted",
};

/**
 * Listens on `host:port`; resolves with the port it listens on (the one the system chose,
 * for 0). Once listening, an error of the server's own (an accept that failed: out of file
 * descriptors, say) goes to `failed`: with no listener, it would end the process.
 */
export function listenOn(
  server: Server,
  host: string,
  port: number,
  failed: (error: Error) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const notListening = (error: Error) => {
      const failure = LISTEN_FAILURES[(error as { code?: string }).code ?? ""];
      reject(failure ? new ListenError(failure, error) : error);
    };
    server.once("error", notListening);
    server.listen(port, host, () => {
      server.off("error", notListening);
      server.on("error", failed);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** A door that listens: where, what the start-up line says of it, and how to close it. */
export interface OpenDoor {
  readonly port: number;
  /** What the start-up line says of it after its port: its host key's fingerprint, say. */
  readonly about?: string;
  /** SIGTERM: stop accepting; every connection says its last line and closes. */
  drain(): void;
  /** Resolves once every connection has closed. */
  closed(): Promise<void>;
}
