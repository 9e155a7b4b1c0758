// The recommended deployment (docs/server.md, "Behind nginx"): Debian's nginx with
// assets/deploy/nginx-polytwist.conf in front of `polytwist serve`. Pictures come through
// unchanged, a repeated picture is served from nginx's cache without reaching polytwist (its
// --log lines are counted), and pages keep polytwist's headers (isolation, CSP, caching).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import { after, before, describe, it } from "node:test";

import { repoDir } from "../js/engine.mjs";
import { request, startServer } from "./serve.mjs";

const NGINX = "/usr/sbin/nginx";
const SITE_CONFIG = `${repoDir}assets/deploy/nginx-polytwist.conf`;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });

/** The shipped site config with this test's ports and cache directory; each change must apply. */
async function siteConfig(nginxPort, upstreamPort, cacheDir) {
  let text = await readFile(SITE_CONFIG, "utf8");
  for (const [pattern, replacement] of [
    [/listen 80;/, `listen 127.0.0.1:${nginxPort};`],
    [/server 127\.0\.0\.1:8080;/, `server 127.0.0.1:${upstreamPort};`],
    [/\/var\/cache\/nginx\/polytwist/, cacheDir],
  ]) {
    assert.match(text, pattern, `${SITE_CONFIG} no longer has ${pattern}`);
    text = text.replace(pattern, replacement);
  }
  return text;
}

async function waitForPort(port, exited) {
  for (let i = 0; i < 200; i++) {
    if (exited.done) throw new Error(`nginx exited: ${exited.log}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx is not listening on ${port}`);
}

describe("behind nginx", { skip: !existsSync(NGINX) && `${NGINX} is missing` }, () => {
  let polytwist, nginx, front, prefix;
  const nginxState = { done: false, log: "" };

  before(async () => {
    polytwist = await startServer({ args: ["--log"] });
    prefix = await mkdtemp(`${os.tmpdir()}/polytwist-nginx-`);
    const port = await freePort();
    await writeFile(
      `${prefix}/polytwist.conf`,
      await siteConfig(port, polytwist.port, `${prefix}/cache`),
    );
    // A whole nginx of its own: every path it writes is under the prefix.
    await writeFile(
      `${prefix}/nginx.conf`,
      [
        process.getuid?.() === 0 ? "user root;" : "",
        "worker_processes 1;",
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/error.log warn;`,
        "events { worker_connections 256; }",
        "http {",
        "  include /etc/nginx/mime.types;",
        "  access_log off;",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (kind) => `  ${kind}_temp_path ${prefix}/${kind}-temp;`,
        ),
        `  include ${prefix}/polytwist.conf;`,
        "}",
      ].join("\n"),
    );
    nginx = spawn(
      NGINX,
      [
        "-p",
        prefix,
        "-e",
        `${prefix}/error.log`,
        "-c",
        `${prefix}/nginx.conf`,
        "-g",
        "daemon off;",
      ],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    nginx.stderr.on("data", (text) => (nginxState.log += text));
    nginx.on("exit", () => (nginxState.done = true));
    await waitForPort(port, nginxState);
    front = { port };
  });

  after(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill("SIGQUIT");
      await new Promise((resolve) => nginx.once("exit", resolve));
    }
    await polytwist?.stop();
    if (prefix) await rm(prefix, { recursive: true, force: true });
  });

  const polytwistRequests = () =>
    polytwist.log.filter((line) => line.startsWith("127.0.0.1 ")).length;

  it("serves a repeated picture from its cache, the same bytes, without asking polytwist", async () => {
    const path = "/image.png?pzl=pyraminx&alg=R%20U%27%20L&size=96";
    const direct = await request(polytwist, path);
    assert.equal(direct.status, 200);
    const first = await request(front, path);
    assert.equal(first.status, 200);
    assert.equal(first.headers["x-cache-status"], "MISS");
    assert.deepEqual(first.body, direct.body);
    assert.equal(first.headers.etag, direct.headers.etag);
    // Both reached polytwist: wait for their log lines (written once each answer is sent, read
    // from its stderr a moment later).
    for (let i = 0; i < 100 && polytwistRequests() < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const asked = polytwistRequests();
    assert.equal(asked, 2, "the direct request and the cache's miss, each logged once");
    for (let i = 0; i < 3; i++) {
      const again = await request(front, path);
      assert.equal(again.headers["x-cache-status"], "HIT");
      assert.deepEqual(again.body, direct.body);
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // a late line would show by now
    assert.equal(polytwistRequests(), asked, "a cached picture reached polytwist");
    // The path form MediaWiki shows inline, and an error picture (kept 5 minutes).
    const wiki = await request(front, "/image/pzl=pyraminx&alg=R.svg");
    assert.equal(wiki.status, 200);
    const refused = await request(front, "/image.svg?pzl=nonesuch");
    assert.equal(refused.status, 400);
    assert.match(refused.headers["x-polytwist-error"], /nonesuch/);
    assert.equal(
      (await request(front, "/image.svg?pzl=nonesuch")).headers["x-cache-status"],
      "HIT",
    );
  });

  it("passes pages through with polytwist's isolation, CSP and caching headers", async () => {
    const direct = await request(polytwist, "/", { headers: { "Accept-Encoding": "br" } });
    const proxied = await request(front, "/", { headers: { "Accept-Encoding": "br" } });
    assert.equal(proxied.status, 200);
    for (const header of [
      "content-security-policy",
      "cross-origin-opener-policy",
      "cross-origin-embedder-policy",
      "cache-control",
      "content-encoding",
      "etag",
    ]) {
      assert.equal(proxied.headers[header], direct.headers[header], header);
    }
    assert.deepEqual(proxied.body, direct.body);
    assert.equal(proxied.headers["x-cache-status"], undefined, "pages are not cached by nginx");
  });
});
