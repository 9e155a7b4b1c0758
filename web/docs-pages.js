// The documentation as pages of the site: every Markdown file of docs/ rendered by markdown-it
// into build/site/docs/ (docs/web.md → docs/web.html), in one page template with the site's
// Content-Security-Policy, its header and web/src/site.css + docs.css, with an index of them at
// docs/index.html. The files the pages link to inside docs/ (images, the wiki gadget, the survey
// scripts) are copied beside them. Links between docs keep working: `embedding.md#attributes`
// becomes `embedding.html#attributes`, a doc's path in the text ("see docs/web.md") a link to its
// page, and headings get GitHub's anchors, which the docs link by; a link out of docs/ (to the
// engine's sources) has no page on the site and is left as its text.
// Emitted into the pages' bundle (./vite.config.js), so the offline app precaches them and they
// are precompressed like every other file.
import { readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";

import MarkdownIt from "markdown-it";

import { policyText } from "./csp.js";

/** Every file under `dir`, as paths relative to it with "/" separators. */
function filesUnder(dir, prefix = "") {
  return readdirSync(`${dir}/${prefix}`, { withFileTypes: true }).flatMap((entry) => {
    const path = prefix + entry.name;
    return entry.isDirectory() ? filesUnder(dir, `${path}/`) : [path];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/**
 * markdown-it with GitHub's heading anchors (numbered -1, -2 … when repeated, as GitHub does)
 * and links rewritten for the site: env.page is the page's path under docs/ ("puzzles/cube3.md").
 */
function markdown() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push("heading_anchors", (state) => {
    const seen = new Map();
    state.tokens.forEach((token, i) => {
      if (token.type !== "heading_open") return;
      const base = headingAnchor(state.tokens[i + 1].content);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      token.attrSet("id", count ? `${base}-${count}` : base);
    });
  });
  // The docs name each other in their text as paths ("see docs/web.md"): links on the site.
  md.core.ruler.push("doc_path_links", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline") continue;
      let inLink = 0;
      block.children = block.children.flatMap((token) => {
        if (token.type === "link_open") inLink++;
        if (token.type === "link_close") inLink--;
        const named = DOC_PATH.exec(token.content);
        const whole = token.type === "code_inline" && named?.[0] === token.content;
        if (inLink || !(whole || (token.type === "text" && named))) return [token];
        return linkDocPaths(state, token, whole);
      });
    }
  });
  const openLink = md.renderer.rules.link_open ?? ((t, i, o, e, self) => self.renderToken(t, i, o));
  md.renderer.rules.link_open = (tokens, i, options, env, self) => {
    const token = tokens[i];
    const href = token.attrGet("href");
    if (!/^[a-z][a-z0-9+.-]*:|^#|^\//i.test(href)) {
      const [path, fragment] = href.split("#");
      const target = posix.normalize(posix.join(posix.dirname(env.page), path));
      env.outside.push(target.startsWith("../"));
      if (target.startsWith("../")) {
        // Outside docs/: no page on the site; the link's text stays, its target as a title.
        return `<span class="source-path" title="${escapeHtml(target.slice(3))} in the sources">`;
      }
      const site = path.replace(/\.md$/, ".html");
      token.attrSet("href", fragment === undefined ? site : `${site}#${fragment}`);
    } else {
      env.outside.push(false);
    }
    return openLink(tokens, i, options, env, self);
  };
  const closeLink =
    md.renderer.rules.link_close ?? ((t, i, o, e, self) => self.renderToken(t, i, o));
  md.renderer.rules.link_close = (tokens, i, options, env, self) => {
    // Links do not nest: this closes the last one opened.
    return env.outside.pop() ? "</span>" : closeLink(tokens, i, options, env, self);
  };
  return md;
}

const DOC_PATH = /\bdocs\/([\w/-]+\.md)/;

/**
 * A text token split at the doc paths it names (or a code span that is one), each path wrapped
 * in a link to that doc, written as the docs' own links are (relative, .md: link_open rewrites
 * them). A path to no doc stays as it is.
 */
function linkDocPaths(state, token, whole) {
  const out = [];
  const pattern = new RegExp(DOC_PATH.source, "g");
  let last = 0;
  for (const match of token.content.matchAll(pattern)) {
    if (!state.env.docs.has(match[1])) continue;
    const before = token.content.slice(last, match.index);
    if (before) out.push(Object.assign(new state.Token("text", "", 0), { content: before }));
    const open = new state.Token("link_open", "a", 1);
    const href = posix.relative(posix.dirname(state.env.page), match[1]);
    open.attrs = [["href", href]];
    const text = new state.Token(whole ? "code_inline" : "text", whole ? "code" : "", 0);
    text.content = match[0];
    text.markup = token.markup;
    out.push(open, text, new state.Token("link_close", "a", -1));
    last = match.index + match[0].length;
  }
  const rest = token.content.slice(last);
  if (rest)
    out.push(Object.assign(new state.Token(token.type, token.tag, 0), token, { content: rest }));
  return out;
}

/** The page around a doc's HTML: the site's header, a way back to the index, the doc. */
function page({ title, body, depth, isIndex }) {
  const up = "../".repeat(depth);
  const crumbs = isIndex
    ? `<a href="${up}../index.html">polytwist</a> › Documentation`
    : `<a href="${up}../index.html">polytwist</a> › <a href="${up}index.html">Documentation</a>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta http-equiv="Content-Security-Policy" content="${policyText()}" />
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>${escapeHtml(title)} · polytwist</title>
    <link rel="icon" href="${up}../icon-192.png" />
    <link rel="stylesheet" href="${up}docs.css" />
  </head>
  <body>
    <header class="site-header">
      <p class="breadcrumbs">${crumbs}</p>
      <nav class="header-links" aria-label="Site">
        <a href="${up}../index.html">The app</a>
        <a href="${up}../embed-demo.html">Embedding demo</a>
      </nav>
    </header>
    <main class="doc">
${body}
    </main>
  </body>
</html>
`;
}

/**
 * The docs' pages, the files they link to and the index, as {fileName, source} under docs/.
 * @param {string} docsDir  the repository's docs/
 * @param {string[]} styleSheets  the pages' CSS files, joined into docs/docs.css
 */
export function docsPages(docsDir, styleSheets) {
  const md = markdown();
  const files = filesUnder(docsDir);
  const css = styleSheets.map((file) => readFileSync(file, "utf8")).join("\n");
  const out = [{ fileName: "docs/docs.css", source: css }];
  const entries = [];
  const sources = new Set(files.filter((path) => path.endsWith(".md")));
  for (const path of files) {
    if (!path.endsWith(".md")) {
      out.push({ fileName: `docs/${path}`, source: readFileSync(`${docsDir}/${path}`) });
      continue;
    }
    const text = readFileSync(`${docsDir}/${path}`, "utf8");
    const title = /^#\s+(.*)$/m.exec(text)?.[1].replace(/`/g, "") ?? path;
    const body = md.render(text, { page: path, docs: sources, outside: [] });
    const depth = path.split("/").length - 1;
    const fileName = path.replace(/\.md$/, ".html");
    entries.push({ fileName, title });
    out.push({ fileName: `docs/${fileName}`, source: page({ title, body, depth }) });
  }
  // The index: the top-level docs, then each folder's.
  const groups = new Map();
  for (const entry of entries.sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    const folder = posix.dirname(entry.fileName);
    if (!groups.has(folder)) groups.set(folder, []);
    groups.get(folder).push(entry);
  }
  const folderTitles = { ".": "Guides and reference", puzzles: "Puzzles", solvers: "Solvers" };
  const sections = [...groups].map(
    ([folder, list]) =>
      `<h2>${escapeHtml(folderTitles[folder] ?? folder)}</h2>\n<ul>\n` +
      list.map((e) => `<li><a href="${e.fileName}">${escapeHtml(e.title)}</a></li>`).join("\n") +
      "\n</ul>",
  );
  const body = `<h1>Documentation</h1>\n${sections.join("\n")}`;
  out.push({
    fileName: "docs/index.html",
    source: page({ title: "Documentation", body, depth: 0, isIndex: true }),
  });
  return out;
}

/** The Vite plugin: the docs' pages emitted with the pages' build. */
export function docsSite({ docsDir, styleSheets }) {
  return {
    name: "polytwist-docs-pages",
    apply: "build",
    generateBundle() {
      for (const { fileName, source } of docsPages(docsDir, styleSheets)) {
        this.emitFile({ type: "asset", fileName, source });
      }
    },
  };
}
