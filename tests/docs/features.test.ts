/**
 * Every feature's page in docs/ is there and names each variable the feature reads, and
 * docs/deploy.md's configuration names it too: a feature's docs stay with what it reads.
 */
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FEATURES } from "../../lib/features.ts";

const root = join(import.meta.dir, "..", "..");
const deploy = readFileSync(join(root, "docs", "deploy.md"), "utf8");

test.each(FEATURES.map((feature) => [feature.name, feature] as const))(
  "%s: its page is there, and it and docs/deploy.md name each variable it reads",
  (_name, feature) => {
    expect(existsSync(join(root, feature.docs))).toBe(true);
    const page = readFileSync(join(root, feature.docs), "utf8");
    const variables = (feature.settings?.help ?? []).flatMap(({ variables }) => variables);
    expect(variables.filter((variable) => !page.includes(variable))).toEqual([]);
    expect(variables.filter((variable) => !deploy.includes(variable))).toEqual([]);
  },
);
