// The offline app: web manifest and a Workbox service worker (vite-plugin-pwa) that precaches the
// whole built site — pages, scripts, the WASM engine, three.js, icons. Used by the pages' build
// only (web/vite.config.js), never by the standalone player: an embedded player must not register
// a service worker on its host page. Every precached file carries
// its revision, and the new worker waits ("prompt") until the user reloads, so one page never runs
// a mix of old and new files.
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
    workbox: {
      // The manifest is added by the plugin itself.
      globPatterns: ["**/*.{html,js,css,wasm,svg,png}"],
      // The app page's address carries its state (?puzzle=…&facelets=…): any query still finds
      // the precached page.
      ignoreURLParametersMatching: [/.*/],
      cleanupOutdatedCaches: true,
      navigateFallback: null,
    },
  });
}
