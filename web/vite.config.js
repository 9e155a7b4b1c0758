// Vite config: `npm run build:web` writes build/site/: first the standalone element bundle
// build/site/polytwist-player.js (one ES module, which the pages load too), then the app page
// (index.html) and the embedding demo (embed-demo.html) beside it, the documentation's pages
// rendered from docs/*.md into docs/ (./docs-pages.js), with the offline app's web
// manifest and service worker (./pwa.config.js; the pages' build only) and the icons of
// assets/site/ at the site's root.
// The engine (build/wasm/polytwist_engine.mjs + .wasm) is built by CMake/Emscripten first;
// the worker imports it as `@engine`, and Vite emits the .wasm that the Emscripten glue
// references with `new URL("polytwist_engine.wasm", import.meta.url)`, next to the worker in
// build/site/assets/.
// The threaded engine (build/wasm/polytwist_engine_threads.mjs + .wasm + .worker.js) is copied
// as it is, never bundled, to build/site/assets/engine-threads-<hash>/: its pthreads' workers
// import the .mjs by its own address, so it must stay a file of its own (docs/web.md). The
// engine worker learns that directory from `virtual:polytwist-threaded-engine`.
// Every built page carries the site's Content-Security-Policy as a <meta> (./csp.js, docs/web.md).
// Both `vite preview` and the dev server send the headers that make the pages cross-origin
// isolated, which the threaded engine needs; so does `polytwist serve` (./run, docs/server.md),
// which also sends the FILE.br / FILE.gz written beside each text file and .wasm at the end.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { build, defineConfig } from "vite";

import { policyText } from "./csp.js";
import { pictureRoom } from "./src/puzzles/geometry-model.js";
import { docsSite } from "./docs-pages.js";
import { writeTablePieces } from "./table-pieces.js";
import { offlineApp } from "./pwa.config.js";

const webDir = fileURLToPath(new URL(".", import.meta.url));
const repoDir = fileURLToPath(new URL("..", import.meta.url));
// Where the site goes and where the engine's build is read from: build/site and build/wasm,
// unless $POLYTWIST_SITE_DIR / $POLYTWIST_WASM_DIR say otherwise (tests/browser/update.test.mjs
// builds two versions of the site side by side).
const siteDir = process.env.POLYTWIST_SITE_DIR || `${repoDir}build/site`;
const wasmDir = `${process.env.POLYTWIST_WASM_DIR || `${repoDir}build/wasm`}/`;
const engineModule = `${wasmDir}polytwist_engine.mjs`;
// The model-only module that paints pictures before the engine loads (docs/images.md).
const modelModule = `${wasmDir}polytwist_model.mjs`;
// The id of this build ($POLYTWIST_BUILD_ID, "dev" without), which the page and the engine
// worker report, as the engine does the one CMake compiled into it from the same variable
// (docs/web.md, "Caches and updates"): one site's files all report one id.
const buildId = process.env.POLYTWIST_BUILD_ID || "dev";
const threadedEngineFiles = [
  "polytwist_engine_threads.mjs",
  "polytwist_engine_threads.wasm",
  "polytwist_engine_threads.worker.js",
];

/** COOP + COEP: the page and its workers get SharedArrayBuffer (self.crossOriginIsolated). */
export const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

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

/**
 * The threaded engine's files, unbundled, in assets/engine-threads-<hash of their contents>/
 * (a new build gets a new directory, so no browser or service worker mixes two versions), and
 * the module `virtual:polytwist-threaded-engine`, whose `threadedEnginePath` is the .mjs's path
 * relative to the engine worker's chunk (in assets/ too). The files are emitted by the pages' and
 * the standalone bundle's builds (`emit`), not by their workers' builds.
 */
function threadedEngine({ emit = true } = {}) {
  const virtualId = "virtual:polytwist-threaded-engine";
  let files = null;
  const load = () => {
    if (files) return files;
    const contents = threadedEngineFiles.map((name) => {
      const path = `${wasmDir}${name}`;
      if (!existsSync(path)) {
        throw new Error(
          `${path} is missing: build the engine (CMake + Emscripten) before the site.`,
        );
      }
      return readFileSync(path);
    });
    const hash = createHash("sha256");
    for (const bytes of contents) hash.update(bytes);
    const dir = `engine-threads-${hash.digest("hex").slice(0, 10)}`;
    files = { dir, contents };
    return files;
  };
  return {
    name: "polytwist-threaded-engine",
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : null),
    load(id) {
      if (id !== `\0${virtualId}`) return null;
      return `export const threadedEnginePath = "./${load().dir}/${threadedEngineFiles[0]}";`;
    },
    // The dev server: the files at that path beside the worker's source, from build/wasm/.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url.match(/\/engine-threads-\w+\/([\w.]+)$/)?.[1];
        const index = threadedEngineFiles.indexOf(name);
        if (index < 0) return next();
        const types = ["text/javascript", "application/wasm", "text/javascript"];
        for (const [header, value] of Object.entries(ISOLATION_HEADERS))
          res.setHeader(header, value);
        res.setHeader("Content-Type", types[index]);
        res.end(load().contents[index]);
      });
    },
    generateBundle() {
      if (!emit) return;
      const { dir, contents } = load();
      threadedEngineFiles.forEach((name, i) =>
        this.emitFile({ type: "asset", fileName: `assets/${dir}/${name}`, source: contents[i] }),
      );
    },
  };
}

/**
 * `virtual:polytwist-pictures`: {PUZZLE: () => import(its picture template)}, one small chunk per
 * puzzle, written by the native CLI (`polytwist pictures`) when the site is built: what players
 * paint their first picture from without the engine (src/picture/fast.js, docs/images.md).
 */
function pictureTemplates() {
  const indexId = "virtual:polytwist-pictures";
  const prefix = "virtual:polytwist-picture:";
  const cli = `${repoDir}build/polytwist`;
  let templates = null;
  const load = () => {
    if (!existsSync(cli)) {
      throw new Error(`${cli} is missing: build the engine (CMake) before the site.`);
    }
    templates ??= JSON.parse(execFileSync(cli, ["pictures"], { maxBuffer: 1 << 26 }).toString());
    return templates;
  };
  // How much smaller the 3D view draws a puzzle than its picture frames it (its turning layers
  // kept in view, src/puzzles/geometry-model.js), from the engine's geometry: the picture follows.
  let engine = null;
  const roomOf = async (puzzle) => {
    engine ??= import(pathToFileURL(engineModule).href).then(({ default: create }) =>
      create({ wasmBinary: readFileSync(`${wasmDir}polytwist_engine.wasm`) }),
    );
    const answer = JSON.parse((await engine).puzzleGeometry(puzzle));
    if (!answer.ok) throw new Error(`no geometry for ${puzzle}: ${answer.error}`);
    return Number(pictureRoom(answer).toFixed(4));
  };
  return {
    name: "polytwist-picture-templates",
    resolveId: (id) => (id === indexId || id.startsWith(prefix) ? `\0${id}` : null),
    async load(id) {
      if (id === `\0${indexId}`) {
        const entries = Object.keys(load()).map(
          (puzzle) =>
            `  ${JSON.stringify(puzzle)}: () => import(${JSON.stringify(prefix + puzzle)}),`,
        );
        return `export const PICTURES = {\n${entries.join("\n")}\n};`;
      }
      if (id.startsWith(`\0${prefix}`)) {
        const puzzle = id.slice(prefix.length + 1);
        const { ok, svg, azimuth, elevation, colours, faces, moves } = load()[puzzle];
        if (!ok) throw new Error(`no picture template for ${id}`);
        const room = await roomOf(puzzle);
        return `export default ${JSON.stringify({ svg, azimuth, elevation, room, colours, faces, moves })};`;
      }
      return null;
    },
  };
}

/**
 * The site's Content-Security-Policy (./csp.js) as the first element of every built page's <head>,
 * before anything it governs, for hosts that send no header (`polytwist serve` sends it as one).
 * Build only: the dev server injects inline styles for hot reloading.
 */
function contentSecurityPolicy() {
  return {
    name: "polytwist-content-security-policy",
    apply: "build",
    transformIndexHtml: () => [
      {
        tag: "meta",
        attrs: { "http-equiv": "Content-Security-Policy", content: policyText() },
        injectTo: "head-prepend",
      },
    ],
  };
}

/** `virtual:polytwist-build-id`: `export const BUILD_ID`, this build's id (see `buildId`). */
function buildIdModule() {
  const id = "virtual:polytwist-build-id";
  return {
    name: "polytwist-build-id",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (source) =>
      source === `\0${id}` ? `export const BUILD_ID = ${JSON.stringify(buildId)};` : null,
  };
}

/** What the site and the standalone bundle share. */
const shared = {
  root: webDir,
  base: "./",
  publicDir: false,
  resolve: {
    alias: { "@engine": engineModule, "@model": modelModule },
  },
  worker: {
    format: "es",
    plugins: () => [
      requireEngine(),
      threadedEngine({ emit: false }),
      buildIdModule(),
      shippedTablesModule(),
    ],
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
        plugins: [requireEngine(), threadedEngine(), pictureTemplates(), buildIdModule()],
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

/**
 * Optimal-solver table sets the site ships, so that a page downloads them instead of building
 * them (worker/optimal-job.js, worker/table-download.js). Each is written by the native CLI
 * (built before the site; `polytwist tables --export-dir`, which builds the set or takes it from
 * its own cache), then cut into compressed pieces with their hashes (table-pieces.js), kept in
 * build/shipped-tables/KEY/ between builds (the key names the set's definition), so a rebuild
 * compresses nothing again, and copied to build/site/tables/KEY/{manifest.json, N.gz}.
 * Sets marked `large` (the 3x3x3's H48 set: 478 MB, whose first build takes a minute natively;
 * the Kilominx's medium set: 363 MB, a few minutes) ship only with POLYTWIST_SITE_TABLES=all,
 * which ./run sets; the site ./test builds ships the Master Pyraminx's alone, which takes the same
 * path in the page. The list of the sets shipped is part of the engine worker
 * (`virtual:polytwist-shipped-tables`), so a page asks the site only for those: a set not
 * shipped costs no request (no 404 before a build).
 */
const SHIPPED_TABLE_SETS = [
  { puzzle: "master_pyraminx", set: "small" },
  { puzzle: "cube3", set: "medium", large: true },
  { puzzle: "kilominx", set: "medium", large: true },
];

let shippedSets = null; // promise of [{key, puzzle, set, length}], once per build process

/** The sets this build ships, their pieces written to build/shipped-tables/ (once). */
function exportShippedTables(log) {
  shippedSets ??= (async () => {
    const cli = `${repoDir}build/polytwist`;
    const kept = `${repoDir}build/shipped-tables`;
    if (!existsSync(cli)) {
      log.warn(`${cli} not built: the site ships no tables (pages build them instead)`);
      return [];
    }
    const all = process.env.POLYTWIST_SITE_TABLES === "all";
    const sets = [];
    for (const { puzzle, set, large } of SHIPPED_TABLE_SETS) {
      if (large && !all) continue;
      const exported = `${kept}/export`;
      await rm(exported, { recursive: true, force: true });
      mkdirSync(exported, { recursive: true });
      execFileSync(cli, ["tables", puzzle, "--tables", set, "--export-dir", exported], {
        stdio: ["ignore", "inherit", "inherit"],
      });
      const [file] = await readdir(exported);
      const key = file.replace(/\.bin$/, "");
      const pieces = `${kept}/${key}`;
      let manifest = existsSync(`${pieces}/manifest.json`)
        ? JSON.parse(readFileSync(`${pieces}/manifest.json`, "utf8"))
        : null;
      if (!manifest) {
        manifest = await writeTablePieces(key, await readFile(`${exported}/${file}`), pieces);
      }
      await rm(exported, { recursive: true, force: true });
      sets.push({ key, puzzle, set, length: manifest.length });
      log.info(
        `tables ${key}: ${manifest.chunks.length} pieces, ` +
          `${(manifest.chunks.reduce((sum, c) => sum + c.packed, 0) / 2 ** 20).toFixed(1)} MB`,
      );
    }
    return sets;
  })();
  return shippedSets;
}

/**
 * `virtual:polytwist-shipped-tables`: `export const SHIPPED_TABLES`, the sets this site ships
 * ([{key, puzzle, set, length}]; none on the dev server, which serves no tables).
 */
function shippedTablesModule() {
  const id = "virtual:polytwist-shipped-tables";
  let serving = false;
  return {
    name: "polytwist-shipped-tables-module",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(source) {
      if (source !== `\0${id}`) return null;
      const log = { warn: (text) => this.warn(text), info: (text) => this.info?.(text) };
      const sets = serving ? [] : await exportShippedTables(log);
      return `export const SHIPPED_TABLES = ${JSON.stringify(sets)};`;
    },
  };
}

/** Copies the shipped sets' pieces into the site once it is built. */
function shippedTables() {
  return {
    name: "polytwist-shipped-tables",
    apply: "build",
    async closeBundle() {
      const log = { warn: (text) => this.warn(text), info: (text) => this.info?.(text) };
      for (const { key } of await exportShippedTables(log)) {
        await cp(`${repoDir}build/shipped-tables/${key}`, `${siteDir}/tables/${key}`, {
          recursive: true,
        });
      }
    },
  };
}

/** Files worth compressing: text, and the engine's .wasm (the tables' pieces are gzip already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|wasm|txt|xml|map)$/;

/**
 * FILE.gz (gzip -9) and FILE.br (brotli quality 11) beside every compressible file of
 * build/site, for servers that send them as they are (`polytwist serve`, nginx's gzip_static,
 * static hosts). Runs after every other plugin has written its files (the service worker too);
 * a variant that would not be smaller is not written.
 */
function precompressedFiles() {
  const gzipAsync = promisify(gzip);
  const brotliAsync = promisify(brotliCompress);
  const walk = async (dir) => {
    const entries = await readdir(dir, { withFileTypes: true });
    const files = await Promise.all(
      entries.map((entry) => {
        const path = `${dir}/${entry.name}`;
        return entry.isDirectory() ? walk(path) : [path];
      }),
    );
    return files.flat();
  };
  return {
    name: "polytwist-precompressed-files",
    apply: "build",
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const files = (await walk(siteDir)).filter((path) => COMPRESSIBLE.test(path));
        let before = 0;
        let after = 0;
        for (const path of files) {
          const bytes = await readFile(path);
          const [gzipped, brotli] = await Promise.all([
            gzipAsync(bytes, { level: 9 }),
            brotliAsync(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          ]);
          for (const [suffix, packed] of [
            [".gz", gzipped],
            [".br", brotli],
          ]) {
            if (packed.length < bytes.length) await writeFile(path + suffix, packed);
            else await rm(path + suffix, { force: true });
          }
          before += bytes.length;
          after += Math.min(bytes.length, brotli.length);
        }
        this.info?.(
          `precompressed ${files.length} files: ${(before / 1024).toFixed(0)} kB, ` +
            `${(after / 1024).toFixed(0)} kB as brotli`,
        );
      },
    },
  };
}

export default defineConfig({
  ...shared,
  publicDir: `${repoDir}assets/site`, // the app's icons, copied to the site's root
  plugins: [
    requireEngine(),
    threadedEngine(),
    pictureTemplates(),
    contentSecurityPolicy(),
    buildIdModule(),
    standalonePlayerBundle(),
    docsSite({
      docsDir: `${repoDir}docs`,
      styleSheets: [`${webDir}src/site.css`, `${webDir}src/docs.css`],
    }),
    shippedTables(),
    offlineApp(),
    precompressedFiles(),
  ],
  build: {
    ...sharedBuild,
    emptyOutDir: false, // emptied by the standalone bundle's build, which runs first
    rolldownOptions: {
      input: {
        index: `${webDir}index.html`,
        "embed-demo": `${webDir}embed-demo.html`,
        embed: `${webDir}embed.html`,
        scrambles: `${webDir}scrambles.html`,
      },
    },
  },
  server: {
    fs: { allow: [repoDir] },
    headers: ISOLATION_HEADERS,
  },
  preview: {
    headers: ISOLATION_HEADERS,
  },
});
