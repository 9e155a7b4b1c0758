// The image server's soak (a benchmark, not part of ./test; docs/benchmarks.md): `polytwist serve`
// answers the load test's mix of valid and hostile requests (requests.mjs) at a fixed rate for a
// long time, and every 10 s its resident memory, open files and threads are sampled, with the
// window's request count, failures and latency. The samples go to a JSON file; the summary and a
// table every 5 minutes to stdout, so that flat curves can be seen.
//
//   node tests/server/soak.mjs [--minutes 60] [--rate 200] [--out build/test-logs/server-soak.json]
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import { dirname } from "node:path";
import { parseArgs } from "node:util";

import { repoDir } from "../js/engine.mjs";
import { prng } from "../js/random.mjs";
import { requestKinds } from "./requests.mjs";
import { request, startServer } from "./serve.mjs";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "60" },
    rate: { type: "string", default: "200" },
    out: { type: "string", default: `${repoDir}build/test-logs/server-soak.json` },
  },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const SAMPLE_MS = 10_000;
const MAX_IN_FLIGHT = 64;

async function processFigures(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return {
    rssKB: Number(status.match(/^VmRSS:\s+(\d+) kB/m)[1]),
    threads: Number(status.match(/^Threads:\s+(\d+)/m)[1]),
    openFiles: (await readdir(`/proc/${pid}/fd`)).length,
  };
}

const percentile = (sorted, p) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const server = await startServer();
const wasm = (await readdir(`${repoDir}build/site/assets`)).find((f) =>
  /^polytwist_engine-.*\.wasm$/.test(f),
);
const kinds = requestKinds(`assets/${wasm}`);
const totalWeight = kinds.reduce((sum, [weight]) => sum + weight, 0);
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
const random = prng(27);
const samples = [];
let window = { requests: 0, wrong: 0, errors: 0, skipped: 0, latencies: [] };
let inFlight = 0;
const problems = [];

function send() {
  if (inFlight >= MAX_IN_FLIGHT) {
    window.skipped++; // the server is behind: counted, not queued without bound
    return;
  }
  let roll = random() * totalWeight;
  const [, make, expected, name] = kinds.find(([weight]) => (roll -= weight) < 0) ?? kinds[0];
  const { path, ...options } = make(random);
  const began = performance.now();
  const counted = window;
  inFlight++;
  request(server, path, { ...options, agent })
    .then((answer) => {
      counted.latencies.push(performance.now() - began);
      if (answer.status !== expected) {
        counted.wrong++;
        if (problems.length < 20) problems.push(`${name}: ${path.slice(0, 80)} → ${answer.status}`);
      }
    })
    .catch((error) => {
      counted.errors++;
      if (problems.length < 20) problems.push(`${name}: ${path.slice(0, 80)} → ${error.message}`);
    })
    .finally(() => {
      counted.requests++;
      inFlight--;
    });
}

await request(server, "/image.png?pzl=pyraminx"); // what the server loads lazily (fonts)
const start = performance.now();
const end = start + minutes * 60_000;
const baseline = await processFigures(server.pid);
console.log(`soak: ${minutes} min at ${rate} requests/s; start ${JSON.stringify(baseline)}`);
// Requests go out in 10 ms ticks, as many as the rate asks by then (an open loop: a slow server
// does not slow the clients down).
let sent = 0;
const ticker = setInterval(() => {
  const due = Math.floor(((performance.now() - start) / 1000) * rate);
  while (sent < due) {
    send();
    sent++;
  }
}, 10);
const sampler = setInterval(async () => {
  const closed = window;
  window = { requests: 0, wrong: 0, errors: 0, skipped: 0, latencies: [] };
  const latencies = closed.latencies.sort((a, b) => a - b);
  const sample = {
    minute: Number(((performance.now() - start) / 60_000).toFixed(2)),
    ...(await processFigures(server.pid)),
    requests: closed.requests,
    wrong: closed.wrong,
    errors: closed.errors,
    skipped: closed.skipped,
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p99Ms: Number(percentile(latencies, 99).toFixed(1)),
  };
  samples.push(sample);
  if (samples.length % 30 === 0 || samples.length === 1) console.log(JSON.stringify(sample));
}, SAMPLE_MS);
await new Promise((resolve) => setTimeout(resolve, end - performance.now()));
clearInterval(ticker);
clearInterval(sampler);
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
agent.destroy();
const { code } = await server.stop();

const sum = (key) => samples.reduce((total, s) => total + s[key], 0);
const afterWarmUp = samples.slice(1);
const summary = {
  minutes,
  rate,
  requests: sum("requests"),
  wrong: sum("wrong"),
  errors: sum("errors"),
  skipped: sum("skipped"),
  rssKB: {
    first: afterWarmUp[0]?.rssKB,
    last: samples.at(-1)?.rssKB,
    max: Math.max(...samples.map((s) => s.rssKB)),
  },
  openFiles: {
    first: afterWarmUp[0]?.openFiles,
    last: samples.at(-1)?.openFiles,
    max: Math.max(...samples.map((s) => s.openFiles)),
  },
  threads: { first: afterWarmUp[0]?.threads, last: samples.at(-1)?.threads },
  worstP99Ms: Math.max(...samples.map((s) => s.p99Ms)),
  exitCode: code,
  problems,
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
  date: new Date().toISOString(),
};
console.log(JSON.stringify(summary, null, 2));
console.log(
  "\n| minute | RSS (MB) | open files | threads | requests/s | p99 (ms) | wrong + errors |",
);
console.log("|---|---|---|---|---|---|---|");
for (const s of samples.filter((_, i) => i % 30 === 29 || i === 0)) {
  console.log(
    `| ${Math.round(s.minute)} | ${(s.rssKB / 1024).toFixed(1)} | ${s.openFiles} | ${s.threads} | ${Math.round(s.requests / (SAMPLE_MS / 1000))} | ${s.p99Ms} | ${s.wrong + s.errors} |`,
  );
}
await mkdir(dirname(values.out), { recursive: true });
await writeFile(values.out, `${JSON.stringify({ summary, samples }, null, 2)}\n`);
process.exit(summary.wrong + summary.errors === 0 && code === 0 ? 0 : 1);
