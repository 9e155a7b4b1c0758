// Vite config for the static site: `npm run build:web` writes build/site/.
// The engine (build/wasm/polytwist_engine.mjs + .wasm) is built by CMake/Emscripten first;
// the worker imports it as `@engine`, and Vite emits the .wasm that the Emscripten glue
// references with `new URL("polytwist_engine.wasm", import.meta.url)`.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const webDir = fileURLToPath(new URL(".", import.meta.url));
const repoDir = fileURLToPath(new URL("..", import.meta.url));
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

export default defineConfig({
  root: webDir,
  base: "./",
  publicDir: false,
  resolve: {
    alias: { "@engine": engineModule },
  },
  plugins: [requireEngine()],
  worker: {
    format: "es",
    plugins: () => [requireEngine()],
  },
  build: {
    outDir: `${repoDir}build/site`,
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 1000, // three.js alone is ~600 kB minified
    // The engine's .wasm must stay a separate file (never inlined as a data: URL).
    assetsInlineLimit: (file) => (file.endsWith(".wasm") ? false : undefined),
  },
  server: {
    fs: { allow: [repoDir] },
  },
});
