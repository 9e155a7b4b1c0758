// The site's Content-Security-Policy (docs/web.md, "Content Security Policy"): one list of
// directives, delivered twice. The build (./vite.config.js) writes it into every page as
// <meta http-equiv="Content-Security-Policy">, so static hosts enforce it too; `polytwist serve`
// (engine/cli/serve.cpp, kPagePolicy) sends the same text as a header on its HTML answers, plus
// frame-ancestors, which a <meta> policy cannot carry. tests/server/static.test.mjs checks the
// two agree.

/** Directive → sources. Why each one: docs/web.md. */
export const SITE_POLICY = {
  "default-src": ["'self'"],
  // WebAssembly compilation only: 'wasm-unsafe-eval' allows no eval or new Function.
  "script-src": ["'self'", "'wasm-unsafe-eval'"],
  // Stylesheets from the site and constructed sheets; no <style> or style="" in markup.
  "style-src": ["'self'"],
  // blob:: a PNG export of the engine's flat pictures decodes the SVG the page made itself.
  "img-src": ["'self'", "blob:"],
  "worker-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

/** Who may frame each page: anyone for embed.html (it is made to be framed), the site itself otherwise. */
export const FRAME_ANCESTORS = { "embed.html": "*", other: "'self'" };

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
