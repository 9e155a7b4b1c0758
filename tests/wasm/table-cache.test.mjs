// Exporting a built table and importing it into a fresh engine: what the page's cache relies on.
import assert from "node:assert/strict";
import { test } from "node:test";

import { callJson, loadEngine } from "../js/engine.mjs";

test("a table exported by one engine serves another without a BFS", async () => {
  const builder = await loadEngine();
  const info = callJson(builder, "puzzleInfo", "pyraminx");
  const exported = builder.exportTable("pyraminx", null);
  assert.equal(exported.ok, true, exported.error);
  assert.equal(exported.table_key, info.table_key);
  assert.ok(exported.bytes instanceof Uint8Array);
  assert.ok(exported.bytes.length > 933120 / 4, `${exported.bytes.length} bytes`);

  const reader = await loadEngine();
  const imported = JSON.parse(reader.importTable("pyraminx", exported.bytes));
  assert.deepEqual(imported, { ok: true, table_key: info.table_key });
  // The imported table answers without building: no progress is reported, the counts are right.
  let layers = 0;
  const table = JSON.parse(reader.distanceTable("pyraminx", () => layers++));
  assert.equal(layers, 0);
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
  assert.match(JSON.parse(engine.importTable("cube2", bytes)).error, /different table layout/);
  assert.match(JSON.parse(engine.importTable("pyraminx", "not a table")).error, /not a polytwist/);
  assert.match(JSON.parse(engine.importTable("nope", bytes)).error, /unknown puzzle/);
  assert.equal(engine.exportTable("nope", null).ok, false);
  assert.equal(callJson(engine, "solve", "pyraminx", "", null).length, 0);
});
