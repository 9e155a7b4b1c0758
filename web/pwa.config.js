// The offline app: web manifest and a Workbox service worker (vite-plugin-pwa) that precaches the
// whole built site — pages, scripts, the WASM engine, three.js, icons. Every precached file carries
// its revision, and the new worker waits ("prompt") until the user reloads, so one page never runs
// a mix of old and new files.
import { VitePWA } from "vite-plugin-pwa";

export function offlineApp() {
  return VitePWA({
    registerType: "prompt",
    injectRegister: false, // registered by web/src/pwa/register.js, which also shows the prompt
    includeAssets: ["icon-192.png", "icon-512.png"],
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
    workbox: {
      globPatterns: ["**/*.{html,js,css,wasm,svg,png,webmanifest}"],
      cleanupOutdatedCaches: true,
      navigateFallback: null,
    },
  });
}
