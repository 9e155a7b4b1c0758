// `polytwist serve`'s static site (docs/server.md): the built site with its MIME types, the
// precompressed FILE.br / FILE.gz when the client accepts them (decoded, the same bytes as
// FILE), the isolation and cross-origin headers, caching by kind of file, and no way out of the
// site directory.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { pageHeaderPolicy, policyText } from "../../web/csp.js";
import { request, siteDir, startServer } from "./serve.mjs";

const IMMUTABLE = "public, max-age=31536000, immutable";

describe("the built site", () => {
  let server;
  let assetNames;
  before(async () => {
    server = await startServer();
    assetNames = await readdir(`${siteDir}/assets`);
  });
  after(() => server.stop());

  const asset = (pattern) => {
    const name = assetNames.find((file) => pattern.test(file));
    assert.ok(name, `no asset matches ${pattern} in ${assetNames}`);
    return `assets/${name}`;
  };

  it("serves index.html for / as a cross-origin isolated page, revalidated", async () => {
    const answer = await request(server, "/");
    assert.equal(answer.status, 200);
    assert.equal(answer.headers["content-type"], "text/html; charset=utf-8");
    assert.deepEqual(answer.body, await readFile(`${siteDir}/index.html`));
    assert.equal(answer.headers["cross-origin-opener-policy"], "same-origin");
    assert.equal(answer.headers["cross-origin-embedder-policy"], "require-corp");
    assert.equal(answer.headers["cache-control"], "no-cache");
    const cached = await request(server, "/", {
      headers: { "If-None-Match": answer.headers.etag },
    });
    assert.equal(cached.status, 304);
    for (const unhashed of ["/sw.js", "/manifest.webmanifest", "/polytwist-player.js"]) {
      const { status, headers } = await request(server, unhashed);
      assert.equal(status, 200, unhashed);
      assert.equal(headers["cache-control"], "no-cache", unhashed);
    }
  });

  it("sends the engine's wasm as application/wasm, immutable, to other origins too", async () => {
    const wasm = asset(/^polytwist_engine-.*\.wasm$/);
    const answer = await request(server, `/${wasm}`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers["content-type"], "application/wasm");
    assert.equal(answer.headers["cache-control"], IMMUTABLE);
    assert.equal(answer.headers["access-control-allow-origin"], "*");
    assert.equal(answer.headers["cross-origin-resource-policy"], "cross-origin");
    assert.equal(answer.headers["content-encoding"], undefined, "no coding was accepted");
    assert.deepEqual(answer.body, await readFile(`${siteDir}/${wasm}`));
  });

  it("sends FILE.br or FILE.gz to clients that accept them, the same bytes once decoded", async () => {
    const files = [
      asset(/^polytwist_engine-.*\.wasm$/),
      asset(/^index-.*\.js$/),
      asset(/^index-.*\.css$/),
      "index.html",
      "polytwist-player.js",
    ];
    for (const file of files) {
      const original = await readFile(`${siteDir}/${file}`);
      for (const [accept, coding, decode] of [
        ["gzip, deflate, br", "br", brotliDecompressSync],
        ["gzip", "gzip", gunzipSync],
        ["br;q=0, gzip;q=0.5", "gzip", gunzipSync],
      ]) {
        const answer = await request(server, `/${file}`, {
          headers: { "Accept-Encoding": accept },
        });
        assert.equal(answer.status, 200, file);
        assert.equal(answer.headers["content-encoding"], coding, `${file} with ${accept}`);
        assert.equal(answer.headers.vary, "Accept-Encoding", file);
        assert.ok(answer.body.length < original.length, `${file}: ${coding} is not smaller`);
        assert.deepEqual(
          decode(answer.body),
          original,
          `${file}: ${coding} decodes to another file`,
        );
      }
      const identity = await request(server, `/${file}`, {
        headers: { "Accept-Encoding": "identity" },
      });
      assert.equal(identity.headers["content-encoding"], undefined);
      assert.deepEqual(identity.body, original);
    }
  });

  it("answers 404 with a page for a missing file", async () => {
    const answer = await request(server, "/no-such-file.js");
    assert.equal(answer.status, 404);
    assert.match(answer.headers["content-type"], /^text\/html/);
    assert.match(answer.body.toString(), /not found/i);
    assert.equal(answer.headers["content-security-policy"], pageHeaderPolicy("404.html"));
  });

  it("sends the site's Content-Security-Policy with every page, the one in its <meta>", async () => {
    const pages = (await readdir(siteDir)).filter((file) => file.endsWith(".html"));
    assert.deepEqual(pages.sort(), [
      "embed-demo.html",
      "embed.html",
      "index.html",
      "scrambles.html",
    ]);
    for (const page of pages) {
      const answer = await request(server, `/${page}`, { headers: { "Accept-Encoding": "br" } });
      assert.equal(answer.status, 200, page);
      const header = answer.headers["content-security-policy"];
      // web/csp.js is the policy the build wrote into the page; serve.cpp must send the same.
      assert.equal(header, pageHeaderPolicy(page), page);
      assert.match(
        header,
        page === "embed.html" ? /frame-ancestors \*$/ : /frame-ancestors 'self'$/,
      );
      const html = (await readFile(`${siteDir}/${page}`)).toString();
      const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/);
      assert.ok(meta, `${page} has no CSP <meta>`);
      assert.equal(meta[1].replaceAll("&#39;", "'"), policyText(), page);
      // Before anything the policy governs.
      assert.ok(html.indexOf(meta[0]) < html.search(/<script|<link/), `${page}: <meta> comes late`);
    }
    // The files a page loads carry no page policy: theirs is the page's.
    const script = await request(server, "/polytwist-player.js");
    assert.equal(script.headers["content-security-policy"], undefined);
  });
});

describe("the site directory's boundary", () => {
  let server;
  let root;
  let large;
  before(async () => {
    // A site and, beside it, a file no request may reach.
    root = await mkdtemp(path.join(tmpdir(), "polytwist-serve-"));
    await mkdir(`${root}/site/assets`, { recursive: true });
    await writeFile(`${root}/site/index.html`, "<!doctype html><title>fixture</title>");
    await writeFile(`${root}/site/assets/a.js`, "export const a = 1;\n");
    await writeFile(`${root}/site/.hidden`, "hidden");
    await writeFile(`${root}/secret.txt`, "SECRET");
    // Over the 8 MB the server keeps in memory: sent from disk (a table set's piece).
    large = Buffer.alloc(9 << 20);
    for (let i = 0; i < large.length; i += 4096) large.writeUInt32BE(i, i);
    await writeFile(`${root}/site/assets/large.bin`, large);
    server = await startServer({ site: `${root}/site` });
  });
  after(async () => {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  });

  it("never serves a file outside the site", async () => {
    for (const attempt of [
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E/%2e%2e/secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/..%5csecret.txt",
      "/%252e%252e/secret.txt",
      `//${root}/secret.txt`,
      `/${root}/secret.txt`,
      "/secret.txt%00.html",
      "/.hidden",
    ]) {
      const answer = await request(server, attempt);
      assert.ok([400, 404].includes(answer.status), `${attempt}: ${answer.status}`);
      assert.doesNotMatch(answer.body.toString(), /SECRET|hidden/, attempt);
    }
    // What is inside stays reachable, also through a harmless "./".
    assert.equal((await request(server, "/assets/./a.js")).status, 200);
    assert.equal((await request(server, "/assets")).status, 301);
  });

  it("sends one byte range of a file, from memory or from disk, and refuses one past its end", async () => {
    const small = Buffer.from("export const a = 1;\n");
    for (const [path, bytes] of [
      ["/assets/a.js", small],
      ["/assets/large.bin", large],
    ]) {
      const whole = await request(server, path);
      assert.equal(whole.status, 200, path);
      assert.equal(whole.headers["accept-ranges"], "bytes", path);
      assert.deepEqual(whole.body, bytes, path);
      const size = bytes.length;
      for (const [range, first, last] of [
        ["bytes=0-9", 0, 9],
        ["bytes=5-", 5, size - 1],
        ["bytes=-7", size - 7, size - 1],
        [`bytes=3-${size + 100}`, 3, size - 1],
      ]) {
        const part = await request(server, path, { headers: { Range: range } });
        assert.equal(part.status, 206, `${path} ${range}`);
        assert.equal(part.headers["content-range"], `bytes ${first}-${last}/${size}`);
        assert.deepEqual(part.body, bytes.subarray(first, last + 1), `${path} ${range}`);
      }
      const past = await request(server, path, { headers: { Range: `bytes=${size}-` } });
      assert.equal(past.status, 416, path);
      assert.equal(past.headers["content-range"], `bytes */${size}`);
      // Several ranges, or another unit: the whole file.
      for (const range of ["bytes=0-1,4-5", "items=0-1", "bytes=x-y"]) {
        const answer = await request(server, path, { headers: { Range: range } });
        assert.equal(answer.status, 200, `${path} ${range}`);
        assert.equal(answer.body.length, size);
      }
    }
  });
});

describe("start and stop", () => {
  it("logs nothing per request without --log, and stops cleanly on SIGINT", async () => {
    const server = await startServer();
    assert.equal((await request(server, "/")).status, 200);
    assert.equal((await request(server, "/image.svg?pzl=pyraminx")).status, 200);
    process.kill(server.pid, "SIGINT");
    const { code, signal } = await server.exited;
    assert.deepEqual({ code, signal }, { code: 0, signal: null });
    assert.deepEqual(
      server.log.map((line) => line.replace(/:\d+\/.*/, "")),
      ["polytwist serve: listening on http://127.0.0.1", "polytwist serve: stopped"],
    );
  });

  it("logs one line per request with --log", async () => {
    const server = await startServer({ args: ["--log"] });
    await request(server, "/image.svg?pzl=pyraminx");
    await request(server, "/nothing-here");
    await server.stop();
    const lines = server.log.filter((line) => line.startsWith("127.0.0.1 "));
    assert.deepEqual(
      lines.map((line) => line.split(" ").slice(1, 4).join(" ")),
      ["GET /image.svg?pzl=pyraminx 200", "GET /nothing-here 404"],
    );
  });
});
