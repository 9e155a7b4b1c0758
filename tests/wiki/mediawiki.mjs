// A throw-away MediaWiki for the wiki test layer: Debian's `mediawiki` package (1.39, with its
// Gadgets extension) installed into a temporary directory with SQLite, and served by PHP's
// built-in server on loopback. /usr/share/mediawiki is only read: the wiki's LocalSettings.php,
// database, caches and logs live in the temporary directory (MW_CONFIG_FILE points MediaWiki at
// them), which stop() removes with the server. Works as root and as an ordinary user.
import { spawn, execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const MEDIAWIKI_DIR = "/usr/share/mediawiki";
const gadgetDir = new URL("../../docs/wiki/", import.meta.url).pathname;
const SITE_LINE = "var POLYTWIST_SITE = 'https://polytwist.example.org/';";
const ADMIN = "Admin";

/** A free TCP port on loopback (PHP's server needs a number; it cannot pick one itself). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The gadget's pages as an admin pastes them from docs/wiki/ ([title, text] pairs), with the
 * gadget's site address (its first setting) set to `siteUrl`.
 */
export function gadgetPages(siteUrl) {
  const read = (name) => readFileSync(`${gadgetDir}${name}`, "utf8");
  const script = read("Gadget-polytwist.js");
  if (!script.includes(SITE_LINE)) {
    throw new Error(`docs/wiki/Gadget-polytwist.js no longer sets "${SITE_LINE}"`);
  }
  return [
    ["MediaWiki:Gadgets-definition", read("Gadgets-definition.txt")],
    ["MediaWiki:Gadget-polytwist", "3D twisty puzzle players (polytwist)"],
    [
      "MediaWiki:Gadget-polytwist.js",
      script.replace(SITE_LINE, `var POLYTWIST_SITE = ${JSON.stringify(siteUrl)};`),
    ],
    ["MediaWiki:Gadget-polytwist.css", read("Gadget-polytwist.css")],
  ];
}

/** Why this machine cannot run the wiki layer, or null. */
export async function missingPrerequisite() {
  if (!existsSync(`${MEDIAWIKI_DIR}/maintenance/install.php`)) {
    return `${MEDIAWIKI_DIR} is missing: apt-get install mediawiki (.ci/setup.sh does)`;
  }
  try {
    const { stdout } = await run("php", ["-m"]);
    if (!/^pdo_sqlite$/m.test(stdout)) return "PHP has no pdo_sqlite: apt-get install php-sqlite3";
  } catch {
    return "php is missing: apt-get install php-cli";
  }
  return null;
}

/**
 * Installs a wiki, saves `pages` ([title, wikitext] pairs, in order) and serves it. `settings` is
 * PHP appended to its LocalSettings.php. Resolves {url, dir, stop(), log()}; `url` ends in "/".
 * The pages are saved before the server starts: a running server would keep the gadget list it
 * read first for up to 15 s (the Gadgets extension's server-local cache).
 */
export async function startWiki({ settings = "", pages = [] } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "polytwist-wiki-"));
  let server = null;
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      // The server and its worker processes are one process group (detached: true).
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const env = { ...process.env, MW_CONFIG_FILE: `${dir}/LocalSettings.php` };
    const php = (script, args, options = {}) =>
      new Promise((resolve, reject) => {
        const child = execFile(
          "php",
          [`${MEDIAWIKI_DIR}/maintenance/${script}`, ...args],
          { env, cwd: dir, timeout: 60_000, maxBuffer: 8 << 20 },
          (error, stdout, stderr) => {
            if (error) {
              reject(new Error(`php ${script} failed: ${error.message}\n${stdout}\n${stderr}`));
            } else resolve(stdout);
          },
        );
        if (options.input !== undefined) child.stdin.end(options.input);
      });

    await php("install.php", [
      "--dbtype=sqlite",
      `--dbpath=${dir}/data`,
      "--dbname=wiki",
      `--confpath=${dir}`,
      "--scriptpath=",
      `--server=${url.slice(0, -1)}`,
      "--lang=en",
      "--pass=polytwist-test-admin-1",
      "--extensions=Gadgets",
      "--skins=Vector",
      "--quiet",
      "Polytwist Test Wiki",
      ADMIN,
    ]);
    await appendFile(
      `${dir}/LocalSettings.php`,
      `
# Added by tests/wiki/mediawiki.mjs
$wgCacheDirectory = ${JSON.stringify(`${dir}/cache`)};
$wgMainCacheType = CACHE_NONE;
$wgShowExceptionDetails = true;
$wgUseInstantCommons = false;
$wgFavicon = "/resources/assets/change-your-logo-icon.svg"; # no /favicon.ico 404 in the console
$wgLogos = [ '1x' => "/resources/assets/mediawiki.png" ];
${settings}
`,
    );

    /** Saves a page as the admin (maintenance/edit.php). */
    const edit = (title, text) =>
      php("edit.php", ["--user", ADMIN, "--summary", "polytwist test", title], { input: text });

    for (const [title, text] of pages) await edit(title, text);

    server = spawn("php", ["-S", `127.0.0.1:${port}`, "-t", MEDIAWIKI_DIR], {
      env: { ...env, PHP_CLI_SERVER_WORKERS: "4" },
      cwd: dir,
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    const log = [];
    server.stderr.on("data", (chunk) => log.push(chunk.toString()));
    await waitForHttp(`${url}index.php`, () => log.join(""));
    return { url, dir, stop, log: () => log.join("") };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Polls `url` until it answers (any HTTP status) or 15 s have passed. */
async function waitForHttp(url, log) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5000) });
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        throw new Error(`the wiki at ${url} did not answer: ${err.message}\n${log()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
