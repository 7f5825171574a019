/**
 * Docs that follow the code: every feature's page in docs/ is there and names each
 * variable the feature reads, as docs/deploy.md's configuration does; and the formats'
 * page names every field of the profile.
 */
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ProfileSchema } from "../../lib/content/schemas.ts";
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

test("docs/formats.md's JSON Resume section names every field of the profile, mapped or not", () => {
  const formats = readFileSync(join(root, "docs", "formats.md"), "utf8");
  const section = formats.slice(formats.indexOf("## JSON Resume"), formats.indexOf("### Starting from"));
  const fields = Object.keys(ProfileSchema.properties);
  const named = (field: string) => section.includes(`\`${field}\``) || section.includes(`\`${field}.`);
  expect(fields.filter((field) => !named(field))).toEqual([]);
});
