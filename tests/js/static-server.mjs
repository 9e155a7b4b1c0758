// A tiny static file server for the browser tests: serves one directory (plus other directories
// mounted under URL prefixes) on 127.0.0.1 and a free port, with the MIME types the site needs
// (application/wasm for the engine) and any extra headers (e.g. a Content-Security-Policy, or
// ISOLATION_HEADERS, which make the pages cross-origin isolated as `./run` does). Every response
// allows cross-origin reads (Access-Control-Allow-Origin: *), as a polytwist site must for pages
// of other origins that load its player script (docs/embedding.md), e.g. the MediaWiki test.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";

const MIME_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** COOP + COEP, as web/vite.config.js's preview server sends them (docs/web.md). */
export const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

/**
 * Serves `root` until close() is called.
 * @param {string} root
 * @param {{headers?: Record<string, string>, htmlHeaders?: Record<string, string>, mounts?: Record<string, string>}} [options]
 *   headers for every response, and htmlHeaders for HTML pages only (a CSP, as `polytwist serve`
 *   sends it); mounts: URL prefix ("/fixtures/") → directory served there
 * @returns {Promise<{url: string, close: () => Promise<void>, requests: {url: string, status: number}[]}>}
 */
export async function serveStatic(root, { headers = {}, htmlHeaders = {}, mounts = {} } = {}) {
  headers = { "Access-Control-Allow-Origin": "*", ...headers };
  const requests = [];
  /** The directory and the path inside it that a URL path names. */
  const locate = (pathname) => {
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (pathname.startsWith(prefix)) {
        return [path.resolve(dir), pathname.slice(prefix.length - 1)];
      }
    }
    return [path.resolve(root), pathname];
  };
  const server = createServer(async (req, res) => {
    const send = (status, body) => {
      requests.push({ url: req.url, status });
      res.writeHead(status, { ...headers, "content-type": "text/plain; charset=utf-8" });
      res.end(body);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed");
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
    } catch {
      return send(400, "bad request");
    }
    const [base, inside] = locate(pathname);
    let file = path.join(base, inside);
    if (file !== base && !file.startsWith(base + path.sep)) return send(403, "forbidden");
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = path.join(file, "index.html");
        info = await stat(file);
      }
      requests.push({ url: req.url, status: 200 });
      res.writeHead(200, {
        ...headers,
        ...(path.extname(file).toLowerCase() === ".html" ? htmlHeaders : {}),
        "content-type": MIME_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
        "content-length": info.size,
        "cache-control": "no-store",
      });
      if (req.method === "HEAD") return res.end();
      createReadStream(file).pipe(res);
    } catch {
      send(404, "not found");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
