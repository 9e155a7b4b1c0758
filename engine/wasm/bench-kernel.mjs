// WASM side of the optimal-search kernel's benchmarks (docs/benchmarks.md): solves the positions
// of a `polytwist bench` CSV (move sequences, or a random-state run's state strings) with the
// module's sliced search, as the page's worker does (one thread, slices of 2^20 nodes), and
// prints one CSV row per position, then a summary on stderr.
// Usage: node engine/wasm/bench-kernel.mjs PUZZLE BENCH.csv [--tables SET] [--table-files F1,F2…]
//   --table-files: table files the native CLI wrote (in the set's order), imported instead of a
//   build; without them the set is built in WASM first (timed).
import { readFileSync } from "node:fs";

import { loadEngine } from "./bench-engine.mjs";

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const tables = option("--tables") ?? "";
const files = option("--table-files");
const [puzzle, csvPath] = args;
if (!puzzle || !csvPath) {
  console.error("usage: bench-kernel.mjs PUZZLE BENCH.csv [--tables SET] [--table-files F1,F2]");
  process.exit(2);
}
const { engine, call } = await loadEngine();

let started = performance.now();
if (files) {
  // The import format: each table's bytes after its length (8 bytes, little-endian), given to
  // the engine in 16 MB pieces as the page does (importTablesPart), so the heap holds them once.
  const parts = files.split(",").flatMap((file) => {
    const bytes = readFileSync(file);
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(BigInt(bytes.length));
    return [length, bytes];
  });
  const bytes = Buffer.concat(parts);
  const piece = 16 * 2 ** 20;
  for (let offset = 0; offset < bytes.length; offset += piece) {
    const part = new Uint8Array(
      bytes.buffer,
      bytes.byteOffset + offset,
      Math.min(piece, bytes.length - offset),
    );
    call("importTablesPart", puzzle, tables, offset, bytes.length, part);
  }
} else {
  call("prepareTables", puzzle, tables, null);
}
const tableMs = performance.now() - started;

const rows = readFileSync(csvPath, "utf8").trim().split("\n").slice(1);
const times = [];
console.log("scramble,length,nodes,ms");
for (const row of rows) {
  const scramble = row.split(",")[0];
  // A move sequence, or (a `--length random` run's CSV) the state itself.
  const moved = JSON.parse(engine.applyMoves(puzzle, "", scramble));
  const state = moved.ok ? moved.state : scramble;
  started = performance.now();
  const { handle } = call("searchStart", puzzle, state, JSON.stringify({ tables }));
  let answer;
  do answer = call("searchStep", handle, 1 << 20);
  while (answer.status === "running");
  const ms = performance.now() - started;
  times.push(ms);
  console.log(`${scramble},${answer.length},${answer.nodes},${ms.toFixed(1)}`);
}
times.sort((a, b) => a - b);
console.error(
  `${puzzle}: tables ${(tableMs / 1000).toFixed(1)} s (${files ? "imported" : "built"}); ` +
    `${times.length} solves, median ${times[times.length >> 1].toFixed(1)} ms, ` +
    `max ${times[times.length - 1].toFixed(1)} ms`,
);
