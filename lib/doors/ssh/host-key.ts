/**
 * @module The SSH door's host key: the ed25519 private key in OpenSSH format, from
 * `SSH_HOST_KEY` (on Fly, a secret), or, for a local run, one made once and kept in an
 * ignored file. Its fingerprint is written as `ssh-keygen -lf` and `ssh-keyscan` show it,
 * so a visitor can check the key they are offered.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { type ParsedKey, utils } from "ssh2";
import { ConfigError } from "../../runtime/env.ts";
import { newEd25519Key } from "./openssh-key.ts";

export interface HostKey {
  /** The private key's text, as ssh2 takes it. */
  readonly privateKey: string;
  /** `SHA256:` and the public key's SHA-256 in base64 without padding. */
  readonly fingerprint: string;
}

/** Where a local run keeps the key it made; ignored by git (`.gitignore`). */
export const LOCAL_HOST_KEY_FILE = ".ssh-host-key";

/** A new ed25519 private key, in OpenSSH format. */
export function newHostKey(): string {
  return newEd25519Key();
}

/** The key in `text`, with its fingerprint; a `ConfigError` naming `variable` if it is not an ed25519 private key. */
export function hostKeyFrom(text: string, variable: string): HostKey {
  // A secret set from a one-line environment may carry its newlines escaped.
  const privateKey = text.includes("\\n") ? text.replaceAll("\\n", "\n") : text;
  const parsed = utils.parseKey(privateKey);
  const key = (Array.isArray(parsed) ? parsed[0] : parsed) as ParsedKey | Error | undefined;
  if (!key || key instanceof Error || key.type !== "ssh-ed25519" || !key.isPrivateKey()) {
    throw new ConfigError(
      variable,
      "must be an ed25519 private key in OpenSSH format, unencrypted: `bun run ssh-key` makes one",
    );
  }
  const digest = createHash("sha256").update(key.getPublicSSH()).digest("base64");
  return { privateKey, fingerprint: `SHA256:${digest.replace(/=+$/, "")}` };
}

/**
 * The local run's key: read from `file`, or made and written there. `made` says whether
 * it was made now; `kept` whether it could be written (if not, it lasts this run only).
 */
export function localHostKey(file = LOCAL_HOST_KEY_FILE): { key: HostKey; made: boolean; kept: boolean } {
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    // No key yet: one is made below.
  }
  if (text !== undefined) return { key: hostKeyFrom(text, file), made: false, kept: true };
  const made = newHostKey();
  let kept = true;
  try {
    // Never over a key that exists but could not be read: that one may be someone's.
    writeFileSync(file, made, { mode: 0o600, flag: "wx" });
  } catch {
    kept = false;
  }
  return { key: hostKeyFrom(made, file), made: true, kept };
}
