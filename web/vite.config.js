// Vite config: `npm run build:web` writes build/site/: first the standalone element bundle
// build/site/polytwist-player.js (one ES module, which the pages load too), then the app page
// (index.html) and the embedding demo (embed-demo.html) beside it, with the offline app's web
// manifest and service worker (./pwa.config.js; the pages' build only) and the icons of
// assets/site/ at the site's root.
// The engine (build/wasm/polytwist_engine.mjs + .wasm) is built by CMake/Emscripten first;
// the worker imports it as `@engine`, and Vite emits the .wasm that the Emscripten glue
// references with `new URL("polytwist_engine.wasm", import.meta.url)`, next to the worker in
// build/site/assets/.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, defineConfig } from "vite";

import { offlineApp } from "./pwa.config.js";

const webDir = fileURLToPath(new URL(".", import.meta.url));
const repoDir = fileURLToPath(new URL("..", import.meta.url));
const siteDir = `${repoDir}build/site`;
const engineModule = `${repoDir}build/wasm/polytwist_engine.mjs`;

/** Fails early with a clear message when the engine has not been built yet. */
function requireEngine() {
  return {
    name: "polytwist-require-engine",
    buildStart() {
      if (!existsSync(engineModule)) {
        this.error(
          `${engineModule} is missing: build the engine (CMake + Emscripten) before the site.`,
        );
      }
    },
  };
}

/** What the site and the standalone bundle share. */
const shared = {
  root: webDir,
  base: "./",
  publicDir: false,
  resolve: {
    alias: { "@engine": engineModule },
  },
  worker: {
    format: "es",
    plugins: () => [requireEngine()],
  },
};

const sharedBuild = {
  outDir: siteDir,
  target: "es2022",
  chunkSizeWarningLimit: 1000, // three.js alone is ~600 kB minified
  // The engine's .wasm must stay a separate file (never inlined as a data: URL).
  assetsInlineLimit: (file) => (file.endsWith(".wasm") ? false : undefined),
};

/**
 * Before the pages: build/site/polytwist-player.js from web/polytwist-player.js, the whole element
 * in one file (its own build, so it shares no chunk with the pages' scripts), its worker and wasm
 * in build/site/assets/. It empties build/site; the pages' build then only adds files, and
 * plugins that look at the whole output when it ends (e.g. a precache list) see the bundle too.
 */
function standalonePlayerBundle() {
  return {
    name: "polytwist-standalone-player",
    apply: "build",
    async buildStart() {
      await build({
        ...shared,
        configFile: false,
        plugins: [requireEngine()],
        build: {
          ...sharedBuild,
          emptyOutDir: true,
          rolldownOptions: {
            input: `${webDir}polytwist-player.js`,
            preserveEntrySignatures: "exports-only",
            output: { entryFileNames: "polytwist-player.js" },
          },
        },
      });
    },
  };
}

export default defineConfig({
  ...shared,
  publicDir: `${repoDir}assets/site`, // the app's icons, copied to the site's root
  plugins: [requireEngine(), standalonePlayerBundle(), offlineApp()],
  build: {
    ...sharedBuild,
    emptyOutDir: false, // emptied by the standalone bundle's build, which runs first
    rolldownOptions: {
      input: {
        index: `${webDir}index.html`,
        "embed-demo": `${webDir}embed-demo.html`,
      },
    },
  },
  server: {
    fs: { allow: [repoDir] },
  },
});
