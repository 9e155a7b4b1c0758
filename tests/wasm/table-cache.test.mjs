// Exporting a built table and importing it into a fresh engine: what the page's cache relies on.
// The cache key names the table's definition (its moves' effects, pieces, goals, coordinates and
// the table code's version), the bytes carry it, and bytes of another definition are refused.
import assert from "node:assert/strict";
import { test } from "node:test";

import { callJson, loadEngine } from "../js/engine.mjs";

test("a table exported by one engine serves another without a BFS", async () => {
  const builder = await loadEngine();
  const info = callJson(builder, "puzzleInfo", "pyraminx");
  assert.equal(callJson(builder, "distanceTable", "pyraminx", null).reused, false);
  const exported = builder.exportTable("pyraminx", null);
  assert.equal(exported.ok, true, exported.error);
  assert.equal(exported.table_key, info.table_key);
  assert.ok(exported.bytes instanceof Uint8Array);
  assert.ok(exported.bytes.length > 933120 / 4, `${exported.bytes.length} bytes`);

  const reader = await loadEngine();
  const imported = JSON.parse(reader.importTable("pyraminx", exported.bytes));
  assert.deepEqual(imported, { ok: true, table_key: info.table_key });
  // The imported table answers without building (its finished layers are reported at once, as
  // for any table an earlier call made), and the counts are right.
  let layers = 0;
  const table = JSON.parse(reader.distanceTable("pyraminx", () => layers++));
  assert.equal(table.reused, true);
  assert.equal(layers, 12);
  assert.deepEqual(
    table.without.counts,
    [1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32],
  );
  for (let seed = 0; seed < 50; seed++) {
    const { state } = callJson(reader, "scramble", "pyraminx", seed);
    assert.equal(
      callJson(reader, "solve", "pyraminx", state, null).length,
      callJson(builder, "solve", "pyraminx", state, null).length,
    );
  }
});

test("damaged or foreign table bytes are refused and leave the engine working", async () => {
  const engine = await loadEngine();
  const { bytes } = engine.exportTable("pyraminx", null);
  const damaged = bytes.slice();
  damaged[damaged.length >> 1] ^= 0x40;
  assert.match(JSON.parse(engine.importTable("pyraminx", damaged)).error, /checksum/);
  assert.match(JSON.parse(engine.importTable("cube2", bytes)).error, /another definition/);
  assert.match(JSON.parse(engine.importTable("pyraminx", "not a table")).error, /not a polytwist/);
  assert.match(JSON.parse(engine.importTable("nope", bytes)).error, /unknown puzzle/);
  assert.equal(engine.exportTable("nope", null).ok, false);
  assert.equal(callJson(engine, "solve", "pyraminx", "", null).length, 0);
});

/**
 * The checksum the engine gives a table's bytes (distance_table.cpp): FNV-1a over 64 bits, from
 * the engine's offset basis 1469598103934665603 (not the published 14695981039346656037).
 */
function fnv1a(bytes) {
  let hash = 1469598103934665603n;
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash;
}

test("the key is the definition the bytes carry, and bytes of another definition are refused", async () => {
  const engine = await loadEngine();
  const { bytes, table_key: key } = engine.exportTable("pyraminx", null);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // After the 8-byte magic: the definition fingerprint, little-endian; the key ends with it.
  const definition = view.getBigUint64(8, true);
  assert.equal(key, `pyraminx-${definition.toString(16).padStart(16, "0")}`);
  assert.doesNotMatch(key, /0\.1\.0/, "the key does not change with the engine's release");

  // No puzzle can be redefined through the JS API, so "another definition" is these bytes with
  // their definition changed and their checksum made right again: sound bytes, except that they
  // were made for something else. The definition alone refuses them.
  const foreign = bytes.slice();
  const foreignView = new DataView(foreign.buffer);
  foreignView.setBigUint64(8, definition ^ 1n, true);
  foreignView.setBigUint64(
    foreign.length - 8,
    fnv1a(foreign.subarray(0, foreign.length - 8)),
    true,
  );
  const refused = JSON.parse(engine.importTable("pyraminx", foreign));
  assert.equal(refused.ok, false);
  assert.match(refused.error, /another definition/);
  assert.match(refused.error, new RegExp(definition.toString(16).padStart(16, "0")));
  // The bytes as exported, with their own definition, are taken.
  assert.deepEqual(JSON.parse(engine.importTable("pyraminx", bytes)), { ok: true, table_key: key });
});
