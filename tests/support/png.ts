/**
 * Test support: what a PNG says of itself, read from its bytes as the format defines them
 * (the PNG specification, §5.2 and §11.2.2): the eight-byte signature, then the IHDR
 * chunk first, its width and height big-endian.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The width and height in a PNG's header; throws for bytes that are no PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  if (!SIGNATURE.every((byte, i) => png[i] === byte)) throw new Error("not a PNG: no PNG signature");
  if (new TextDecoder().decode(png.subarray(12, 16)) !== "IHDR")
    throw new Error("not a PNG: IHDR is not first");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
