/**
 * The Markdown answers, for each fixture owner, judged by tools nobody here wrote:
 * markdownlint finds each clean; what a reader of each finds (mdast) holds every fact of
 * the JSON it mirrors; llms.txt keeps llmstxt.org's order, as its reference parser reads it.
 */
import { describe, expect, test } from "bun:test";
import { RESUME_PATH, toJsonResume } from "../../lib/formats/json-resume.ts";
import { llmsTxt } from "../../lib/markdown/llms-txt.ts";
import { nowMarkdown } from "../../lib/markdown/now.ts";
import { profileMarkdown } from "../../lib/markdown/profile.ts";
import { resumeMarkdown } from "../../lib/markdown/resume.ts";
import { nowStatus } from "../../lib/profile/model/now-status.ts";
import { routeTable } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { SITE_URL } from "../support/app.ts";
import { PLAYING, PUSH } from "../support/live.ts";
import { jsonLeaves, markdownlintErrors, markdownTree, shownText } from "../support/markdown.ts";
import { OWNERS, ownerContent } from "../support/owners.ts";

describe.each(OWNERS)("%s's Markdown", (owner) => {
  const content = ownerContent(owner, SITE_URL);
  const resume = toJsonResume(content.profile, `${SITE_URL}${RESUME_PATH}`);
  const now = nowStatus(content, [PLAYING, PUSH]);
  const answers: [name: string, markdown: string, facts: unknown, skip?: string[]][] = [
    ["the profile", profileMarkdown(content.profile), content.profile],
    // The schema's URL says which format the JSON is in: not a fact about the owner.
    ["the résumé", resumeMarkdown(resume), resume, ["$schema"]],
    ["/now, with activity read", nowMarkdown(content.profile.name, now), now],
    [
      "/now, before a read",
      nowMarkdown(content.profile.name, nowStatus(content, [])),
      nowStatus(content, []),
    ],
    ["llms.txt", llmsTxt(content.profile, routeTable(routes, content, SITE_URL), SITE_URL), undefined],
  ];

  test.each(answers)("%s: markdownlint finds nothing wrong", async (_name, markdown) => {
    expect(await markdownlintErrors(markdown)).toEqual([]);
  });

  test.each(answers)("%s: no ANSI, no HTML, one H1 first, a newline last", (_name, markdown) => {
    expect(markdown).not.toContain("\x1b");
    const tree = markdownTree(markdown);
    const kinds = new Set<string>();
    const visit = (node: { type: string; children?: unknown[] }) => {
      kinds.add(node.type);
      for (const child of node.children ?? []) visit(child as never);
    };
    visit(tree);
    expect(kinds.has("html")).toBe(false);
    expect(tree.children[0]).toMatchObject({ type: "heading", depth: 1 });
    expect(tree.children.filter((node) => node.type === "heading" && node.depth === 1)).toHaveLength(1);
    expect(markdown.endsWith("\n")).toBe(true);
  });

  test.each(answers.filter(([, , facts]) => facts !== undefined))(
    "%s: every fact of the JSON is there for a reader",
    (_name, markdown, facts, skip = []) => {
      const shown = shownText(markdown).replace(/\s+/g, " ");
      const missing = jsonLeaves(facts, new Set(skip)).filter(
        (fact) => !shown.includes(fact.replace(/\s+/g, " ")),
      );
      expect(missing).toEqual([]);
    },
  );
});

/**
 * llms.txt as the reference parser reads it (AnswerDotAI/llms-txt, `miniparse.py`): the
 * head is `# title`, then `> summary`, then the info; sections split on `## `; each link
 * line `- [title](url): notes`.
 */
function referenceParse(text: string) {
  const [start = "", ...rest] = text.split(/^##\s*(.*?)$/m);
  const head =
    /^#\s*(?<title>.+?$)\n+(?:^>\s*(?<summary>.+?$)$)?\n+(?<info>.*)/ms.exec(start.trim())?.groups ?? {};
  const sections: Record<string, { title: string; url: string }[]> = {};
  for (let i = 0; i < rest.length; i += 2) {
    sections[rest[i] as string] = (rest[i + 1] ?? "").split(/\n+/).flatMap((line) => {
      const link = /-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?/.exec(line)?.groups;
      return link ? [{ title: link.title ?? "", url: link.url ?? "" }] : [];
    });
  }
  return { title: head.title, summary: head.summary, info: head.info, sections };
}

describe.each(OWNERS)("%s's llms.txt", (owner) => {
  const content = ownerContent(owner, SITE_URL);
  const table = routeTable(routes, content, SITE_URL);
  const text = llmsTxt(content.profile, table, SITE_URL);

  test("reads as the reference parser expects: the name, a summary, the info, then sections of links", () => {
    const parsed = referenceParse(text);
    expect(parsed.title).toBe(content.profile.name);
    expect(parsed.summary).toContain(content.profile.role);
    expect(parsed.info).toContain(`${SITE_URL}/api/docs`);
    expect(Object.keys(parsed.sections)).toEqual([`About ${content.profile.name}`, "Optional"]);
  });

  test("links every route whose file names a section, section by section, at the URL a person tries it at, by its summary", () => {
    const linked = Object.values(referenceParse(text).sections).flat();
    const listed = ["about", "optional"].flatMap((section) =>
      table.filter(({ llmsTxt }) => llmsTxt === section),
    );
    expect(linked).toEqual(
      listed.map(({ summary, examplePath }) => ({ title: summary, url: `${SITE_URL}${examplePath}` })),
    );
    expect(linked.map(({ url }) => url)).toContain(`${SITE_URL}/api/${content.profile.handle}.md`);
  });

  test("has llmstxt.org's order: H1, a quote, no heading but H2s, and a list of links under each", () => {
    const nodes = markdownTree(text).children;
    expect(nodes[0]).toMatchObject({ type: "heading", depth: 1 });
    expect(nodes[1]?.type).toBe("blockquote");
    const sections = nodes.slice(2).filter((node) => node.type === "heading");
    expect(sections.every((node) => node.type === "heading" && node.depth === 2)).toBe(true);
    const firstSection = nodes.findIndex((node) => node.type === "heading" && node.depth === 2);
    for (const node of nodes.slice(firstSection)) {
      if (node.type === "heading") continue;
      expect(node.type).toBe("list");
      if (node.type !== "list") continue;
      for (const item of node.children) {
        const [first] = item.children;
        expect(first?.type === "paragraph" ? first.children[0]?.type : undefined).toBe("link");
      }
    }
  });
});
