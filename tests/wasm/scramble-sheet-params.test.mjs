// The scramble sheets' URL parameters (web/src/scrambles/sheet-params.js) in Node: what a link
// asks for, and one message per problem naming the parameter and the value.
import assert from "node:assert/strict";
import { it } from "node:test";

import {
  MAX_SEED,
  readSeed,
  readSheetParams,
  sheetQuery,
} from "../../web/src/scrambles/sheet-params.js";

const EVENTS = ["333", "222", "pyram", "sq1"];

it("reads events, seed and title, and writes them back", () => {
  const read = readSheetParams("?events=pyram,333,pyram&seed=42&title=Final", EVENTS);
  assert.deepEqual(read, { events: ["pyram", "333"], seed: 42, title: "Final", errors: [] });
  assert.equal(sheetQuery(read), "?events=pyram%2C333&seed=42&title=Final");
  assert.deepEqual(readSheetParams("", EVENTS), { events: [], seed: null, title: "", errors: [] });
});

it("names each problem: unknown events and parameters, bad seeds, repeats, long titles", () => {
  const read = readSheetParams(
    `?events=333,xyz&seed=4.5&foo=1&title=${"t".repeat(81)}&events=222`,
    EVENTS,
  );
  assert.deepEqual(read.events, ["333"]);
  assert.equal(read.seed, null);
  assert.equal(read.title.length, 80);
  assert.deepEqual(read.errors, [
    "events: given 2 times; the first is used",
    "'foo' is not a parameter of this page (events, seed, title)",
    "events: 'xyz' is not a WCA event (333, 222, pyram, sq1)",
    `seed: '4.5' is not a whole number from 0 to ${MAX_SEED}`,
    "title: longer than 80 characters; cut",
  ]);
  // The round's last seed stays below 2^53.
  assert.equal(readSeed(String(MAX_SEED)).value, MAX_SEED);
  assert.equal(MAX_SEED + 6, 2 ** 53 - 1);
  assert.match(readSeed(String(MAX_SEED + 1)).error, /is not a whole number/);
  assert.match(readSeed("-1").error, /'-1'/);
});
