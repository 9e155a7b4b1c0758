// The offline app: web manifest and a service worker (vite-plugin-pwa, injectManifest: our own
// source web/src/pwa/sw.js, with Workbox's precaching) that precaches the whole built site —
// pages, scripts, both WASM engines, three.js, icons — and makes the pages it serves
// cross-origin isolated on hosts that cannot send the headers (docs/web.md). Used by the pages'
// build only (web/vite.config.js), never by the standalone player: an embedded player must not
// register a service worker on its host page. Every precached file carries its revision, and
// the new worker waits ("prompt") until the user reloads, so one page never runs a mix of old
// and new files.
import { VitePWA } from "vite-plugin-pwa";

export function offlineApp() {
  return VitePWA({
    registerType: "prompt",
    injectRegister: false, // registered by web/src/pwa/register.js, which also shows the prompt
    manifest: {
      name: "polytwist: twisty puzzles solved optimally",
      short_name: "polytwist",
      description:
        "Pyraminx and other twisty puzzles in 3D: scramble, enter, validate and solve optimally, offline.",
      start_url: "./",
      scope: "./",
      display: "standalone",
      background_color: "#1a1d23",
      theme_color: "#1a1d23",
      icons: [
        { src: "icon-192.png", sizes: "192x192", type: "image/png", purpose: "any maskable" },
        { src: "icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
      ],
    },
    includeManifestIcons: false, // the glob below finds them (in the public folder)
    strategies: "injectManifest",
    srcDir: "src/pwa",
    filename: "sw.js",
    injectManifest: {
      // The manifest is added by the plugin itself; .mjs: the threaded engine's glue.
      globPatterns: ["**/*.{html,js,mjs,css,wasm,svg,png}"],
      // Hashed names need no revision: Workbox then fetches them with the default cache mode,
      // so the HTTP cache answers for a file the page has just fetched (web/src/pwa/sw.js).
      // vite-plugin-pwa's default too; written out because sw.js relies on it.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
}
