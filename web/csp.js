// The site's Content-Security-Policy (docs/web.md, "Content Security Policy"): one list of
// directives, ./csp.json, delivered twice. The build (./vite.config.js) writes it into every page
// as <meta http-equiv="Content-Security-Policy">, so static hosts enforce it too; `polytwist
// serve` sends the same text as a header on its HTML answers, plus frame-ancestors, which a <meta>
// policy cannot carry (CMake reads csp.json into the server: engine/server/site_policy.hpp.in).
// Why each directive (JSON has no comments):
// - script-src 'wasm-unsafe-eval': WebAssembly compilation only, no eval or new Function;
// - style-src 'self': stylesheets from the site and constructed sheets, no <style> or style="";
// - img-src blob:: a PNG export of the engine's flat pictures decodes the SVG the page made.
import policy from "./csp.json" with { type: "json" };

/** Directive → sources, in csp.json's order (an array there, so CMake keeps the order too). */
export const SITE_POLICY = Object.fromEntries(
  policy.directives.map(([name, ...sources]) => [name, sources]),
);

/** Who may frame each page: anyone for embed.html (it is made to be framed), the site itself otherwise. */
export const FRAME_ANCESTORS = policy.frameAncestors;

/** The policy as a header or meta value: "directive source source; …". */
export function policyText(directives = SITE_POLICY) {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/** The header `polytwist serve` sends with the page at `path` ("embed.html", "index.html", …). */
export function pageHeaderPolicy(path) {
  const ancestors = FRAME_ANCESTORS[path] ?? FRAME_ANCESTORS.other;
  return `${policyText()}; frame-ancestors ${ancestors}`;
}
