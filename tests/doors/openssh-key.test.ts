/**
 * The host keys the site makes, judged by ssh2's parser (which the door loads them with)
 * and by OpenSSH's ssh-keygen: every key, those whose public key starts with a zero byte
 * included (one in 256, which ssh2's own generator writes short), reads back whole and signs
 * what its public key verifies.
 */
import { describe, expect, test } from "bun:test";
import { generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParsedKey, utils } from "ssh2";
import { hostKeyFrom } from "../../lib/doors/ssh/host-key.ts";
import { openSshPrivateKey } from "../../lib/doors/ssh/openssh-key.ts";
import { runClient } from "../support/doors.ts";

/** A new ed25519 key pair whose public key's first byte is `first`. */
function keyPairStartingWith(first: number): { privateKey: KeyObject; publicKey: KeyObject } {
  for (;;) {
    const pair = generateKeyPairSync("ed25519");
    const x = pair.publicKey.export({ format: "jwk" }).x as string;
    if (Buffer.from(x, "base64url")[0] === first) return pair;
  }
}

function parsed(text: string): ParsedKey {
  const result = utils.parseKey(text);
  const key = Array.isArray(result) ? result[0] : result;
  if (!key || key instanceof Error) throw key ?? new Error("no key");
  return key;
}

/** The public key as OpenSSH writes it: `ssh-ed25519 AAAA…`. */
const openSshPublic = (publicKey: KeyObject) =>
  `ssh-ed25519 ${Buffer.concat([
    Buffer.from([0, 0, 0, 11]),
    Buffer.from("ssh-ed25519"),
    Buffer.from([0, 0, 0, 32]),
    Buffer.from(publicKey.export({ format: "jwk" }).x as string, "base64url"),
  ]).toString("base64")}`;

describe.each([
  ["a zero byte", 0x00],
  ["any other byte", 0x9c],
])("a key whose public key starts with %s", (_, first) => {
  const { privateKey, publicKey } = keyPairStartingWith(first);
  const text = openSshPrivateKey(privateKey);

  test("ssh2 reads it as the same key, and what it signs the public key verifies", () => {
    const key = parsed(text);
    expect([key.type, key.isPrivateKey()]).toEqual(["ssh-ed25519", true]);
    const data = Buffer.from("a host key signs the exchange");
    const signature = key.sign(data);
    expect(verify(null, data, publicKey, signature)).toBe(true);
    expect(`ssh-ed25519 ${key.getPublicSSH().toString("base64")}`).toBe(openSshPublic(publicKey));
  });

  test("ssh-keygen reads it: the same public key, and the fingerprint the site shows", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "openssh-key-")), "key");
    writeFileSync(file, text, { mode: 0o600 });
    const derived = await runClient(["ssh-keygen", "-y", "-f", file]);
    expect([derived.exitCode, derived.stderr]).toEqual([0, ""]);
    expect(derived.stdout.trim()).toBe(openSshPublic(publicKey));
    const listed = await runClient(["ssh-keygen", "-lf", file]);
    expect(listed.stdout.split(" ")[1]).toBe(hostKeyFrom(text, "test").fingerprint);
  });
});
