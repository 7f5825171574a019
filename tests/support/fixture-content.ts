/**
 * Preloaded before every test file (bunfig.toml): the suite runs on fixture owners, never
 * on `content/`, which belongs to whoever runs the site. A server a test starts as a
 * process inherits `CONTENT_DIR` and serves the sample fixture, unless the test names
 * another owner; in-process apps get the fixture from `tests/support/app.ts`.
 */
import { ownerDir } from "./owners.ts";

process.env.CONTENT_DIR = ownerDir("rin");
