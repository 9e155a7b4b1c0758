// Shared by the server tests: `build/polytwist serve` started on a free loopback port (--port 0,
// the port read from its first stderr line), and raw HTTP requests through node:http, which
// sends paths as they are (fetch would normalise "..") and never decodes bodies itself.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";

import { repoDir } from "../js/engine.mjs";

// POLYTWIST_SERVE_CLI: another build's CLI, to measure it side by side (docs/benchmarks.md).
export const cli = process.env.POLYTWIST_SERVE_CLI ?? `${repoDir}build/polytwist`;
export const siteDir = `${repoDir}build/site`;

/**
 * Starts the server: {url, port, pid, log (its stderr lines), exited, stop()}. `exited` resolves
 * with the exit code and signal when it ends; stop() sends SIGTERM and returns `exited`.
 */
export async function startServer({ site = siteDir, args = [] } = {}) {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: build the CLI first (cmake)`);
  const child = spawn(
    cli,
    ["serve", "--host", "127.0.0.1", "--port", "0", "--site", site, ...args],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const log = [];
  let buffered = "";
  const port = await new Promise((resolve, reject) => {
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text) => {
      buffered += text;
      const lines = buffered.split("\n");
      buffered = lines.pop();
      log.push(...lines);
      const found = log.join("\n").match(/listening on http:\/\/127\.0\.0\.1:(\d+)\//);
      if (found) resolve(Number(found[1]));
    });
    child.on("exit", (code) =>
      reject(new Error(`polytwist serve exited (${code}) before listening:\n${log.join("\n")}`)),
    );
    child.on("error", reject);
  });
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    log,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * One request: {status, headers, body (a Buffer, as sent)}. `path` goes on the request line as
 * it is.
 */
export function request(server, path, { method = "GET", headers = {}, agent, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path, method, headers, agent },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * The raw answer to bytes written on a fresh connection (for request lines node refuses); the
 * request should say "Connection: close". Our side stays open for writing: cpp-httplib drops a
 * half-closed connection without answering.
 */
export function rawExchange(server, text) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(text));
    const chunks = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", reject);
  });
}

/** The text an SVG shows: tags dropped, entities decoded, white space collapsed. */
export function svgText(svg) {
  return svg
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
