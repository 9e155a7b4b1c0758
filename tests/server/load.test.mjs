// A bounded load test of `polytwist serve` on loopback (docs/server.md, docs/benchmarks.md): 50
// clients with keep-alive connections send mixed valid and hostile requests for 10 s. Every
// valid request must succeed, every hostile one get its 4xx; throughput, p50/p99 latency and
// the server's resident memory (sampled each second from /proc) are printed and written to
// build/test-logs/server-load.json. Memory must stay steady: the mean of the last third of the
// samples at most 20% (or 8 MB, whichever is more) above the first sample after a 2 s warm-up.
import assert from "node:assert/strict";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import { it } from "node:test";

import { repoDir } from "../js/engine.mjs";
import { prng } from "../js/random.mjs";
import { requestKinds } from "./requests.mjs";
import { request, startServer } from "./serve.mjs";

const CLIENTS = 50;
const DURATION_MS = 10_000;
const WARM_UP_SAMPLES = 2;
const REQUEST_TIMEOUT_MS = 15_000;

const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function residentKB(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)[1]);
}

it(
  "serves 50 keep-alive clients for 10 s: no failure, steady memory",
  { timeout: 120_000 },
  async () => {
    const server = await startServer();
    const wasm = (await readdir(`${repoDir}build/site/assets`)).find((f) =>
      /^polytwist_engine-.*\.wasm$/.test(f),
    );
    assert.ok(wasm, "build/site has no engine wasm: build the site first");
    const kinds = requestKinds(`assets/${wasm}`);
    const totalWeight = kinds.reduce((sum, [weight]) => sum + weight, 0);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const byKind = new Map(
      kinds.map(([, , status, name]) => [
        name,
        { expected: status, count: 0, wrong: 0, errors: 0 },
      ]),
    );
    const latencies = { valid: [], hostile: [] };
    const problems = [];
    const rss = [];
    try {
      // A first request, so that the server has loaded what it loads lazily (fonts for PNG).
      assert.equal((await request(server, "/image.png?pzl=pyraminx")).status, 200);
      const sampler = setInterval(async () => rss.push(await residentKB(server.pid)), 1000);
      const start = performance.now();
      const deadline = start + DURATION_MS;
      const client = async (index) => {
        const random = prng(1000 + index);
        while (performance.now() < deadline) {
          let roll = random() * totalWeight;
          const kind = kinds.find(([weight]) => (roll -= weight) < 0) ?? kinds[0];
          const [, make, expected, name] = kind;
          const { path, ...options } = make(random);
          const stats = byKind.get(name);
          stats.count++;
          const began = performance.now();
          try {
            let timer;
            const answer = await Promise.race([
              request(server, path, { ...options, agent }),
              new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error("timed out")), REQUEST_TIMEOUT_MS);
              }),
            ]).finally(() => clearTimeout(timer));
            (expected === 200 ? latencies.valid : latencies.hostile).push(
              performance.now() - began,
            );
            if (answer.status !== expected) {
              stats.wrong++;
              if (problems.length < 10)
                problems.push(`${name}: ${path.slice(0, 80)} → ${answer.status}`);
            }
          } catch (error) {
            stats.errors++;
            if (problems.length < 10)
              problems.push(`${name}: ${path.slice(0, 80)} → ${error.message}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      rss.push(await residentKB(server.pid));

      const all = [...latencies.valid, ...latencies.hostile].sort((a, b) => a - b);
      const valid = [...latencies.valid].sort((a, b) => a - b);
      const total = [...byKind.values()].reduce((sum, s) => sum + s.count, 0);
      const afterWarmUp = rss.slice(WARM_UP_SAMPLES);
      const baseline = afterWarmUp[0];
      const lastThird = afterWarmUp.slice(-Math.max(1, Math.floor(afterWarmUp.length / 3)));
      const lastThirdMean = lastThird.reduce((a, b) => a + b, 0) / lastThird.length;
      const allowedKB = baseline + Math.max(0.2 * baseline, 8 * 1024);
      const figures = {
        clients: CLIENTS,
        seconds: Number(seconds.toFixed(2)),
        requests: total,
        requestsPerSecond: Math.round(total / seconds),
        latencyMs: {
          p50: Number(percentile(all, 50).toFixed(2)),
          p99: Number(percentile(all, 99).toFixed(2)),
          validP50: Number(percentile(valid, 50).toFixed(2)),
          validP99: Number(percentile(valid, 99).toFixed(2)),
          max: Number(all.at(-1).toFixed(2)),
        },
        kinds: Object.fromEntries(byKind),
        rssKB: rss,
        rssBaselineKB: baseline,
        rssLastThirdMeanKB: Math.round(lastThirdMean),
        rssAllowedKB: Math.round(allowedKB),
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os.loadavg()[0].toFixed(2)}`,
        date: new Date().toISOString(),
      };
      console.log(JSON.stringify(figures, null, 2));
      await mkdir(`${repoDir}build/test-logs`, { recursive: true });
      await writeFile(
        `${repoDir}build/test-logs/server-load.json`,
        `${JSON.stringify(figures, null, 2)}\n`,
      );

      assert.deepEqual(problems, [], "failed or wrongly answered requests");
      for (const [name, stats] of byKind) assert.ok(stats.count > 0, `no ${name} request was sent`);
      assert.ok(afterWarmUp.length >= 6, `too few memory samples: ${rss}`);
      assert.ok(
        lastThirdMean <= allowedKB,
        `memory grew: ${Math.round(lastThirdMean)} kB at the end, ${baseline} kB after warm-up`,
      );
    } finally {
      agent.destroy();
      const { code } = await server.stop();
      assert.equal(code, 0, "the server did not stop cleanly after the load");
    }
  },
);
