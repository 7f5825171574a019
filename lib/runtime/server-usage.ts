/**
 * @module What the server says to `--help`: how to run it, the variables it reads, and
 * its exit codes. The README's configuration table has the details.
 */
import {
  DEFAULT_FINGER_TIMEOUT_SECONDS,
  DEFAULT_SSH_HANDSHAKE_SECONDS,
  DEFAULT_SSH_IDLE_SECONDS,
  DEFAULT_SSH_MAX,
  DEFAULT_SSH_PER_CLIENT,
  DEFAULT_SSH_SESSION_SECONDS,
} from "../doors/config.ts";
import { DEFAULT_REFRESH_SECONDS, DEFAULT_TIMEOUT_MS } from "../live/config.ts";
import { LIVE_SOURCES } from "../live/sources.ts";
import { wrap } from "../profile/ansi/width.ts";
import {
  DEFAULT_STREAM_SECONDS,
  DEFAULT_STREAMS_MAX,
  DEFAULT_STREAMS_PER_CLIENT,
} from "../streams/config.ts";
import type { Command } from "./command-line.ts";
import { DEFAULT_METRICS_HOST, DEFAULT_METRICS_PORT } from "./config.ts";

/** Each live source's variables, as the lines below list the others': names, then what they say. */
const SOURCE_VARIABLES = LIVE_SOURCES.map(
  ({ help }) =>
    `  ${help.variables.join(", ")}\n${wrap(help.meaning, 62)
      .map((line) => `                ${line}`)
      .join("\n")}`,
).join("\n");

const USAGE = `usage: site [--help | --version]
       (./dist/site, bun run start, deno task start)

Serves the site's API on PORT, and GET /metrics for Prometheus on METRICS_PORT
when metrics are on. Its settings come from the environment, read at start-up:

  PORT          listen port; 0 picks any free one (3000)
  HOST          listen address (0.0.0.0)
  SITE_URL      the site's public origin, for links and {base_url}
                (http://localhost:$PORT)
  METRICS_PORT  GET /metrics on a port of its own; 0 any free one, off none
                (off; ${DEFAULT_METRICS_PORT} on Fly)
  METRICS_HOST  where the metrics listen (${DEFAULT_METRICS_HOST}; on Fly, FLY_PRIVATE_IP)
  LOG_FORMAT    json or pretty (pretty on a terminal, json otherwise)
  CONTENT_DIR   a folder of content files to serve instead of the built-in
                content/
  INDEXNOW_KEY, INDEXNOW_ENDPOINTS, INDEXNOW_COOLDOWN_SECONDS,
  INDEXNOW_TIMEOUT_MS
                the IndexNow trigger (off without a key)
  LIVE_REFRESH_SECONDS, LIVE_TIMEOUT_MS
                how often (${DEFAULT_REFRESH_SECONDS} s) and for how long (${DEFAULT_TIMEOUT_MS} ms) the owner's live
                activity is read
${SOURCE_VARIABLES}
  LIVE_VIEW_SECONDS, LIVE_VIEWS_MAX, LIVE_VIEWS_PER_CLIENT
                how long a live view or event stream stays open (${DEFAULT_STREAM_SECONDS} s), and
                how many at once (${DEFAULT_STREAMS_MAX}) and per client address (${DEFAULT_STREAMS_PER_CLIENT})
  SSH_PORT      the SSH door (ssh site): a port of its own; 0 any free one (off)
  SSH_HOST_KEY  its ed25519 host key, OpenSSH format (bun run ssh-key); without
                it, one made once in .ssh-host-key
  SSH_MAX_SESSIONS, SSH_SESSIONS_PER_CLIENT
                sessions at once (${DEFAULT_SSH_MAX}) and per client address (${DEFAULT_SSH_PER_CLIENT})
  SSH_SESSION_SECONDS, SSH_IDLE_SECONDS, SSH_HANDSHAKE_SECONDS
                a session's longest (${DEFAULT_SSH_SESSION_SECONDS} s), its longest without a key (${DEFAULT_SSH_IDLE_SECONDS} s),
                and the time to reach it (${DEFAULT_SSH_HANDSHAKE_SECONDS} s)
  FINGER_PORT   the finger door (finger handle@site): its port; 0 any free (off)
  FINGER_TIMEOUT_SECONDS
                how long a finger client has to send its query (${DEFAULT_FINGER_TIMEOUT_SECONDS} s)
  FLY_APP_NAME, FLY_MACHINE_ID, FLY_REGION, PRIMARY_REGION, FLY_PRIVATE_IP,
  FLY_INTERNAL_DNS
                set by Fly.io in every machine

Every variable, with its default: docs/deploy.md, "Configuration".

Options:
  -h, --help    this text
  --version     the version and its commit, e.g. 1.0.0+91a86731a0c9

Exit status:
  0  --help or --version; or stopped by SIGTERM or SIGINT once every request
     in flight was answered
  1  a variable, a content file or an address refused at start-up (one line on
     stderr), or requests still running 8 s after SIGTERM or SIGINT
  2  an option it does not take`;

export const SERVER_COMMAND = {
  name: "site",
  usage: USAGE,
  options: { version: { type: "boolean" } },
  positionals: false,
} as const satisfies Command<{ version: { type: "boolean" } }>;
