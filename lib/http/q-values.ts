/**
 * @module Quality lists (RFC 9110 §12.4.2), as `Accept` and `Accept-Encoding` write them:
 * `gzip;q=0.8, br` or `application/json, *\/*;q=0.5`, each item with its weight. Both
 * negotiations read them here, so they agree on what a weight is.
 */

export interface Weighted {
  /** The item, lower-cased, without its parameters: `gzip`, `application/json`, `*\/*`. */
  readonly value: string;
  /** 0 to 1; 1 when the item names none. */
  readonly q: number;
}

/** A weight as RFC 9110 writes it: 0 to 1, at most three decimals. */
const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Each item of a quality list, in order. A weight that is not written as the RFC says
 * counts as 0: not acceptable, which is the safe reading of a header we cannot read.
 *
 * @example qualityList("gzip;q=0.8, br") // [{ value: "gzip", q: 0.8 }, { value: "br", q: 1 }]
 */
export function qualityList(header: string): Weighted[] {
  const items: Weighted[] = [];
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.split(";");
    const value = name.trim().toLowerCase();
    if (!value) continue;
    let q = 1;
    for (const param of params) {
      const [key = "", weight = ""] = param.split("=").map((part) => part.trim());
      if (key.toLowerCase() === "q") q = Q_VALUE.test(weight) ? Number(weight) : 0;
    }
    items.push({ value, q });
  }
  return items;
}
