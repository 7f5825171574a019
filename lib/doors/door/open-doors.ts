/**
 * @module The doors of one server: each door of the table that is on, set up with the app,
 * opened just before the app listens (so an answer from the app means they listen too),
 * drained on SIGTERM and closed with the app.
 */
import { ListenError } from "../../runtime/listen-error.ts";
import type { Site } from "../../site/site.ts";
import type { DoorsSettings } from "./config.ts";
import type { Door, PreparedDoor } from "./door.ts";
import type { OpenDoor } from "./listen.ts";
import { doorMetrics } from "./metrics.ts";

/** A door that is on, set up, and where it is to listen. */
interface DoorToOpen {
  readonly name: string;
  readonly variable: string;
  readonly port: number;
  readonly prepared: PreparedDoor;
}

export class OpenDoors {
  readonly #names: readonly string[];
  readonly #toOpen: readonly DoorToOpen[];
  readonly #opened = new Map<string, OpenDoor>();

  /** Sets up every door of `doors` that `settings` has on, and registers every door's metrics. */
  constructor(
    doors: readonly Door[],
    settings: DoorsSettings,
    private readonly site: Site,
  ) {
    this.#names = doors.map(({ name }) => name);
    const metricsOf = doorMetrics(site.metrics, this.#names);
    const { proxyProtocol } = settings;
    // Behind Fly's proxy, with no header read, the peer of a connection is the proxy (docs/doors.md).
    const peerIsClient = !proxyProtocol && !site.connections.behindFlyProxy;
    this.#toOpen = doors.flatMap((door) => {
      const on = settings.doors[door.name];
      if (!on) return [];
      const report = { door: door.name, log: site.log, metrics: metricsOf(door.name) };
      const prepared = door.setup(site, {
        port: on.port,
        settings: on.settings,
        report,
        proxyProtocol,
        peerIsClient,
      });
      return [{ name: door.name, variable: door.port, port: on.port, prepared }];
    });
  }

  /** The port `door` listens on, once open; undefined while it is closed. */
  port(door: string): number | undefined {
    return this.#opened.get(door)?.port;
  }

  /**
   * Opens every door that is on, in the table's order; rejects with a `ListenError` naming
   * the door's port variable (or a `ConfigError`) once those already open are closed again.
   * Says what the start-up line tells of each door: its port, or `off`.
   */
  async open(): Promise<Readonly<Record<string, string>>> {
    const { host } = this.site.config;
    try {
      for (const { name, variable, port, prepared } of this.#toOpen) {
        const door = await prepared.open().catch((error: unknown) => {
          throw error instanceof ListenError
            ? error.of({ host: "HOST", port: variable }, { host, port })
            : error;
        });
        if (door) this.#opened.set(name, door);
      }
    } catch (error) {
      this.drain();
      throw error;
    }
    return Object.fromEntries(
      this.#names.map((name) => {
        const door = this.#opened.get(name);
        return [name, door ? [`port ${door.port}`, door.about].filter(Boolean).join(", ") : "off"];
      }),
    );
  }

  /** Stops accepting; every connection says its last line and closes. */
  drain(): void {
    for (const door of this.#opened.values()) door.drain();
  }

  /** Resolves once every door's connections have closed, or after `ms`, whichever is first. */
  closed(ms: number): Promise<void> {
    return Promise.race([
      Promise.all([...this.#opened.values()].map((door) => door.closed())).then(() => {}),
      new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.()),
    ]);
  }
}
