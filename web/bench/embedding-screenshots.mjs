// The screenshots of docs/embedding.md, taken from the real pages in headless Chromium:
//   docs/images/embedding-script-tag.png  a page on another origin with the <script> tag and players
//   docs/images/embedding-iframe.png      a forum-like page with embed.html in an iframe
//   docs/images/embedding-mediawiki.png   a MediaWiki 1.39 article with the gadget (tests/wiki/)
//   docs/images/embedding-image.png       pictures from `polytwist serve` (/image.svg)
// Each PNG is checked to stay under 150 KB.
// Usage: node web/bench/embedding-screenshots.mjs   (after the engine build and `npm run build:web`)
import { statSync } from "node:fs";
import { createServer } from "node:http";

import { repoDir } from "../../tests/js/engine.mjs";
import { startSite } from "../../tests/js/browser.mjs";
import { startServer } from "../../tests/server/serve.mjs";
import { gadgetPages, startWiki } from "../../tests/wiki/mediawiki.mjs";

const outDir = `${repoDir}docs/images`;
const MAX_BYTES = 150 * 1024;

/** One HTML page on its own loopback origin: {url, close()}. */
async function serveHostPage(html) {
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const HOST_STYLE = `body{font:16px/1.5 Georgia,serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 8px}p{margin:0 0 12px;max-width:60ch}`;

/**
 * Starts every player on `frame` as a touch does (they are pictures until then), waits until each
 * shows its start position and has drawn twice more.
 */
async function playersReady(frame) {
  const players = frame.locator("polytwist-player");
  for (let i = 0; i < (await players.count()); i++) {
    await players.nth(i).locator("#player").dispatchEvent("pointerdown");
    await players.nth(i).locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
  }
  await frame.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

async function save(page, name, options = {}) {
  const path = `${outDir}/embedding-${name}.png`;
  await page.screenshot({ path, ...options });
  const bytes = statSync(path).size;
  console.log(`${path}: ${Math.round(bytes / 1024)} KB`);
  if (bytes > MAX_BYTES) throw new Error(`${path} is ${bytes} bytes, over ${MAX_BYTES}`);
}

const site = await startSite({ isolated: false });
const closers = [() => site.close()];
try {
  const browser = site.browser;
  const newPage = (width, height) => browser.newPage({ viewport: { width, height } });

  // 1. The script tag, on a page of another origin.
  {
    const host = await serveHostPage(`<!doctype html><meta charset="utf-8"><title>Script tag</title>
<style>${HOST_STYLE} polytwist-player{margin-right:16px;vertical-align:top}</style>
<script type="module" src="${site.url}polytwist-player.js"></script>
<h1>Two algorithms</h1><p>Each player is one element; the page loads one script.</p>
<polytwist-player puzzle="pyraminx" alg="R' L R L'" size="240px"></polytwist-player>
<polytwist-player puzzle="cube2" setup="R U2 R' U' R U' R'" alg="R U R' U R U2 R'" size="240px"></polytwist-player>`);
    closers.push(() => host.close());
    const page = await newPage(640, 480);
    await page.goto(host.url);
    await playersReady(page);
    await save(page, "script-tag");
    await page.close();
  }

  // 2. The iframe.
  {
    const src = `${site.url}embed.html?puzzle=cube3&alg=${encodeURIComponent("R U R' U R U2 R'")}`;
    const host = await serveHostPage(`<!doctype html><meta charset="utf-8"><title>iframe</title>
<style>${HOST_STYLE} iframe{border:1px solid #ccc;border-radius:4px}</style>
<h1>Re: the Sune</h1><p>Here it is on a Rubik's Cube:</p>
<iframe src="${src}" width="320" height="400" title="polytwist player"></iframe>`);
    closers.push(() => host.close());
    const page = await newPage(560, 520);
    await page.goto(host.url);
    await playersReady(page.frames()[1]);
    await save(page, "iframe");
    await page.close();
  }

  // The pictures, from `polytwist serve` (docs/server.md) on its own port.
  const PICTURES = [
    ["pyraminx", "R U' L", "iso"],
    ["cube2", "R U R' U'", "iso"],
    ["cube3", "R U R' U'", "net"],
  ];
  const serve = await startServer();
  closers.push(() => serve.stop());
  const picturesOrigin = `${serve.url}/`;
  const query = ([puzzle, alg, view]) =>
    `pzl=${puzzle}&alg=${encodeURIComponent(alg).replace(/'/g, "%27")}&view=${view}`;
  const pictureUrls = PICTURES.map((picture) => `${picturesOrigin}image.svg?${query(picture)}`);
  // MediaWiki shows an external image only if its URL ends in .png: the server's path form.
  const wikiPictureUrls = PICTURES.slice(0, 2).map(
    (picture) => `${picturesOrigin}image/${query(picture)}.png`,
  );

  // 3. A MediaWiki article with the gadget.
  {
    const wiki = await startWiki({
      settings: `$wgAllowExternalImagesFrom = [ ${JSON.stringify(picturesOrigin)} ];`,
      pages: [
        ...gadgetPages(site.url),
        [
          "Pyraminx algorithms",
          [
            "Two ways to show an algorithm: a player (the polytwist gadget) and a picture (an external image).",
            "== Sledgehammer ==",
            `<div class="polytwist" data-puzzle="pyraminx" data-alg="R' L R L'">R' L R L'</div>`,
            `<div class="polytwist" data-puzzle="cube2" data-alg="R U R' U'" data-controls="none">R U R' U'</div>`,
            "== Pictures ==",
            wikiPictureUrls.join(" "),
          ].join("\n\n"),
        ],
      ],
    });
    closers.push(() => wiki.stop());
    const page = await newPage(1000, 900);
    await page.goto(`${wiki.url}index.php/Pyraminx_algorithms`);
    await page.waitForFunction(() => document.querySelectorAll("polytwist-player").length === 2);
    await playersReady(page);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await save(page, "mediawiki");
    await page.close();
  }

  // 4. Pictures from image URLs.
  {
    const host = await serveHostPage(`<!doctype html><meta charset="utf-8"><title>Pictures</title>
<style>${HOST_STYLE} img{margin-right:12px}</style><h1>Pictures from image URLs</h1>
${pictureUrls.map((url) => `<img src="${url}" alt="">`).join("\n")}`);
    closers.push(() => host.close());
    const page = await newPage(640, 220);
    await page.goto(host.url);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await save(page, "image");
    await page.close();
  }
} finally {
  for (const close of closers.reverse()) await close();
}
