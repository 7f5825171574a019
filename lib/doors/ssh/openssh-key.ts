/**
 * @module An ed25519 private key in OpenSSH's own format (`openssh-key-v1`, unencrypted),
 * as `ssh-keygen -t ed25519` writes it. The key pair is node:crypto's; the format is
 * written here because ssh2's generator drops a leading zero byte of the public key,
 * one key in 256, and its own parser then refuses the key (mscdex/ssh2#1390).
 */
import { generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";

const KEY_TYPE = "ssh-ed25519";
/** The cipher's block size, to which the private section is padded: 8 for `none`. */
const BLOCK_BYTES = 8;
/** OpenSSH's own line length inside the armour. */
const LINE_CHARACTERS = 70;

/** A 32-bit unsigned integer, big-endian (RFC 4251 §5's `uint32`). */
function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/** RFC 4251 §5's `string`: its length as a `uint32`, then its bytes. */
function sshString(value: Uint8Array | string): Buffer {
  const bytes = typeof value === "string" ? Buffer.from(value) : value;
  return Buffer.concat([uint32(bytes.length), bytes]);
}

/**
 * `privateKey` (an ed25519 `KeyObject`) in OpenSSH's format, the layout OpenSSH's
 * PROTOCOL.key describes.
 *
 * @example
 * openSshPrivateKey(generateKeyPairSync("ed25519").privateKey); // "-----BEGIN OPENSSH PRIVATE KEY-----\n…"
 */
export function openSshPrivateKey(privateKey: KeyObject, comment = ""): string {
  const jwk = privateKey.export({ format: "jwk" });
  if (jwk.crv !== "Ed25519" || !jwk.d || !jwk.x)
    throw new Error("openSshPrivateKey: not an ed25519 private key");
  const publicKey = Buffer.from(jwk.x, "base64url");
  const seed = Buffer.from(jwk.d, "base64url");
  const publicBlob = Buffer.concat([sshString(KEY_TYPE), sshString(publicKey)]);
  // The same random number twice: a reader that decrypts checks the two agree.
  const check = randomBytes(4);
  const secrets = Buffer.concat([
    check,
    check,
    publicBlob,
    sshString(Buffer.concat([seed, publicKey])),
    sshString(comment),
  ]);
  const padding = Buffer.from(
    Array.from({ length: (BLOCK_BYTES - (secrets.length % BLOCK_BYTES)) % BLOCK_BYTES }, (_, i) => i + 1),
  );
  const body = Buffer.concat([
    Buffer.from("openssh-key-v1\0"),
    sshString("none"),
    sshString("none"),
    sshString(""),
    uint32(1),
    sshString(publicBlob),
    sshString(Buffer.concat([secrets, padding])),
  ]).toString("base64");
  const lines = body.match(new RegExp(`.{1,${LINE_CHARACTERS}}`, "g")) ?? [];
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join("\n")}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

/** A new ed25519 private key, in OpenSSH's format. */
export function newEd25519Key(): string {
  return openSshPrivateKey(generateKeyPairSync("ed25519").privateKey);
}
