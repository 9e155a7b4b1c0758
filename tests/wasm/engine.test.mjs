// The wasm engine's JS API (docs/api.md) tested in Node against the real module.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { Vector3 } from "three";

import { callJson, loadEngine } from "../js/engine.mjs";
import { prng } from "../js/random.mjs";

const SOLVED = "UUUURRRRFFFFDDDDLLLLBBBB";
// OEIS A079761: positions of the 2x2x2 cube at each distance (half-turn metric).
const A079761 = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644];

let engine;
const call = (method, ...args) => callJson(engine, method, ...args);
const apply = (state, moves) => call("applyMoves", "cube2", state, moves);

function assertError(answer, what) {
  assert.equal(answer.ok, false, `${what}: expected ok:false, got ${JSON.stringify(answer)}`);
  assert.equal(typeof answer.error, "string", `${what}: error message`);
  assert.ok(answer.error.trim().length > 0, `${what}: empty error message`);
}

function countMoves(sequence) {
  return sequence.trim() === "" ? 0 : sequence.trim().split(/\s+/).length;
}

before(async () => {
  engine = await loadEngine();
});

describe("version and catalogue", () => {
  it("version() answers a semantic version", () => {
    const answer = call("version");
    assert.equal(answer.ok, true);
    assert.match(answer.version, /^\d+\.\d+\.\d+/);
  });

  it("listPuzzles() lists cube2 with a name, ids unique", () => {
    const answer = call("listPuzzles");
    assert.equal(answer.ok, true);
    assert.ok(Array.isArray(answer.puzzles) && answer.puzzles.length > 0);
    for (const puzzle of answer.puzzles) {
      assert.equal(typeof puzzle.id, "string");
      assert.equal(typeof puzzle.name, "string");
      assert.ok(puzzle.name.length > 0);
    }
    const ids = answer.puzzles.map((p) => p.id);
    assert.equal(new Set(ids).size, ids.length, "duplicate puzzle ids");
    assert.ok(ids.includes("cube2"), `cube2 missing from ${ids}`);
  });

  it("puzzleInfo('cube2') describes the faces, stickers, moves and state count", () => {
    const info = call("puzzleInfo", "cube2");
    assert.equal(info.ok, true);
    assert.equal(info.id, "cube2");
    assert.equal(typeof info.name, "string");
    assert.deepEqual(
      info.faces.map((f) => f.name),
      ["U", "R", "F", "D", "L", "B"],
    );
    const colours = info.faces.map((f) => f.colour);
    for (const colour of colours) assert.ok(typeof colour === "string" && colour.length > 0);
    assert.equal(new Set(colours).size, 6, `face colours not distinct: ${colours}`);
    assert.equal(info.facelet_count, 24);
    // `stickers` per face: either how many or which ones; either way 4 per face, 24 in all.
    const perFace = info.faces.map((f) =>
      Array.isArray(f.stickers) ? f.stickers.length : f.stickers,
    );
    assert.deepEqual(perFace, [4, 4, 4, 4, 4, 4]);
    assert.deepEqual(
      [...info.moves].sort(),
      ["F", "F'", "F2", "R", "R'", "R2", "U", "U'", "U2"].sort(),
    );
    assert.equal(Number(info.state_count), 7 * 6 * 5 * 4 * 3 * 2 * 3 ** 6);
    assert.equal(typeof info.has_distance_table, "boolean");
  });
});

describe("applyMoves", () => {
  it("the empty sequence from solved is solved, with the solved facelets", () => {
    const answer = apply("", "");
    assert.equal(answer.ok, true);
    assert.equal(answer.state, "");
    assert.equal(answer.solved, true);
    assert.equal(answer.facelets, SOLVED);
  });

  it("R U R' U' followed by its inverse U R U' R' is solved", () => {
    const there = apply("", "R U R' U'");
    assert.equal(there.ok, true);
    assert.equal(there.solved, false);
    assert.notEqual(there.state, "");
    assert.notEqual(there.facelets, SOLVED);
    const back = apply(there.state, "U R U' R'");
    assert.equal(back.ok, true);
    assert.equal(back.solved, true);
    assert.equal(back.state, "");
    assert.equal(back.facelets, SOLVED);
  });

  it("move orders: R R R R, R2 R2, (R U R' U') x 6 and (R U) x 15 are solved; shorter powers are not", () => {
    for (const [unit, order] of [
      ["R", 4],
      ["U2", 2],
      ["F'", 4],
      ["R U R' U'", 6],
      ["R U", 15],
    ]) {
      for (let k = 1; k <= order; k++) {
        const answer = apply("", Array(k).fill(unit).join(" "));
        assert.equal(answer.ok, true);
        assert.equal(answer.solved, k === order, `(${unit}) x ${k}`);
      }
    }
    assert.equal(apply("", Array(105).fill("R U").join(" ")).solved, true, "(R U) x 105");
  });

  it("R' equals R R R and R2 equals R R", () => {
    assert.equal(apply("", "R'").facelets, apply("", "R R R").facelets);
    assert.equal(apply("", "R2").facelets, apply("", "R R").facelets);
  });

  it("a state string from one answer continues where it left off", () => {
    const first = apply("", "R U2");
    const continued = apply(first.state, "F' R");
    const whole = apply("", "R U2 F' R");
    assert.equal(continued.facelets, whole.facelets);
    assert.equal(continued.state, whole.state);
  });

  it("answers the normalised notation, which means the same and normalises to itself", () => {
    const answer = apply("", "  R   U'\tF2  ");
    assert.equal(answer.ok, true);
    assert.equal(typeof answer.moves, "string");
    const again = apply("", answer.moves);
    assert.equal(again.moves, answer.moves);
    assert.equal(again.facelets, answer.facelets);
  });

  it("single moves turn the stickers as the 3D layout of docs/puzzles/cube2.md says", () => {
    // An independent model: rotate each sticker's centre in space (where the engine's geometry
    // draws it: U up, R right, F in front), then read the numbering back.
    const key = (v) =>
      v
        .toArray()
        .map((x) => Math.round(x * 2))
        .join(",");
    const { geometry } = call("puzzleGeometry", "cube2");
    const placements = geometry.stickers.map(({ outline }) =>
      outline.reduce((sum, p) => sum.add(new Vector3(...p)), new Vector3()).divideScalar(4),
    );
    const indexAt = new Map(placements.map((p, i) => [key(p), i]));
    const axes = { U: new Vector3(0, 1, 0), R: new Vector3(1, 0, 0), F: new Vector3(0, 0, 1) };
    const quarterTurn = (facelets, face) => {
      const axis = axes[face];
      const out = [...facelets];
      placements.forEach((centre, i) => {
        if (centre.dot(axis) <= 0) return;
        // Clockwise as seen from outside the face: -90 degrees about its outward normal.
        const j = indexAt.get(key(centre.clone().applyAxisAngle(axis, -Math.PI / 2)));
        assert.notEqual(j, undefined);
        out[j] = facelets[i];
      });
      return out.join("");
    };
    const turn = (facelets, move) => {
      const times = { "": 1, 2: 2, "'": 3 }[move.slice(1)];
      for (let t = 0; t < times; t++) facelets = quarterTurn(facelets, move[0]);
      return facelets;
    };

    for (const move of ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"]) {
      assert.equal(apply("", move).facelets, turn(SOLVED, move), move);
    }
    const random = prng(2024);
    const moves = Array.from(
      { length: 40 },
      () => "URF"[Math.floor(random() * 3)] + ["", "2", "'"][Math.floor(random() * 3)],
    );
    const expected = moves.reduce(turn, SOLVED);
    assert.equal(apply("", moves.join(" ")).facelets, expected, moves.join(" "));
  });
});

describe("moveMotions", () => {
  it("answers every Square-1 move from a position as applyMoves does, in one call", () => {
    const { state } = call("applyMoves", "square1", "", "/ (3,3) / (1,0)");
    const { ok, moves: answers } = call("moveMotions", "square1", state);
    assert.equal(ok, true);
    const { moves } = call("puzzleInfo", "square1");
    assert.deepEqual(
      answers.map((a) => a.move),
      moves,
    );
    for (const { move, motion, error } of answers) {
      const alone = call("applyMoves", "square1", state, move);
      if (alone.ok) assert.deepEqual(motion, alone.motion, move);
      else assert.equal(error, alone.error, move);
    }
    assert.ok(answers.some((a) => a.error) && answers.some((a) => a.motion));
    assert.match(call("moveMotions", "cube3", "").error, /no motions/);
    assert.equal(call("moveMotions", "square1", "x".repeat(30)).ok, false);
  });
});

describe("scramble", () => {
  it("is reproducible for a seed and reaches the state it reports", () => {
    for (const seed of [0, 1, 42, 123456789, 2 ** 53 - 1]) {
      const a = call("scramble", "cube2", seed);
      const b = call("scramble", "cube2", seed);
      assert.equal(a.ok, true, JSON.stringify(a));
      assert.deepEqual(a, b, `seed ${seed} is not reproducible`);
      assert.equal(typeof a.scramble, "string");
      assert.equal(a.facelets.length, 24);
      const replayed = apply("", a.scramble);
      assert.equal(replayed.ok, true);
      assert.equal(
        replayed.facelets,
        a.facelets,
        `seed ${seed}: scramble does not reach its state`,
      );
      assert.equal(apply(a.state, "").facelets, a.facelets);
    }
  });

  it("different seeds give different states", () => {
    const states = new Set();
    for (let seed = 1000; seed < 1020; seed++) states.add(call("scramble", "cube2", seed).state);
    assert.ok(states.size >= 19, `only ${states.size} distinct states from 20 seeds`);
  });

  it("rejects seeds that are not whole numbers in [0, 2^53)", () => {
    for (const seed of [-1, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY]) {
      assertError(call("scramble", "cube2", seed), `seed ${seed}`);
    }
  });
});

describe("solve", () => {
  it("solves scrambles optimally (≤ 11 moves), and the solution really solves", () => {
    for (const seed of [7, 8, 9]) {
      const { state } = call("scramble", "cube2", seed);
      const reports = [];
      const answer = call("solve", "cube2", state, (report) =>
        reports.push(typeof report === "string" ? JSON.parse(report) : report),
      );
      assert.equal(answer.ok, true, JSON.stringify(answer));
      assert.equal(typeof answer.solution, "string");
      assert.equal(answer.length, countMoves(answer.solution));
      assert.ok(answer.length <= 11, `length ${answer.length} > God's number`);
      assert.equal(typeof answer.nodes, "number");
      assert.equal(typeof answer.ms, "number");
      const after = apply(state, answer.solution);
      assert.equal(after.ok, true);
      assert.equal(after.solved, true, `seed ${seed}: ${answer.solution} does not solve`);
      // A search reports {depth, nodes} per depth bound; a table lookup may have none to report.
      for (const report of reports) {
        assert.equal(typeof report.depth, "number");
        assert.equal(typeof report.nodes, "number");
      }
      const depths = reports.map((r) => r.depth);
      assert.deepEqual(
        depths,
        [...depths].sort((x, y) => x - y),
        "depths not increasing",
      );
    }
  });

  it("finds the known optimum of short positions (onProgress null)", () => {
    assert.equal(call("solve", "cube2", "", null).length, 0);
    assert.equal(call("solve", "cube2", apply("", "R").state, null).length, 1);
    // 54 positions at distance 2 = 9 x 6 two-move sequences on different faces: all distinct.
    assert.equal(call("solve", "cube2", apply("", "R U'").state, null).length, 2);
    const inverse = call("solve", "cube2", apply("", "F2 R'").state, null);
    assert.equal(inverse.length, 2);
    assert.equal(apply(apply("", "F2 R'").state, inverse.solution).solved, true);
  });
});

describe("validate", () => {
  it("accepts the facelets of a scrambled state and gives the same state back", () => {
    for (const seed of [3, 4, 5]) {
      const scrambled = call("scramble", "cube2", seed);
      const answer = call("validate", "cube2", scrambled.facelets);
      assert.equal(answer.ok, true, JSON.stringify(answer));
      assert.equal(answer.state, scrambled.state);
    }
    const solved = call("validate", "cube2", SOLVED);
    assert.equal(solved.ok, true);
    assert.equal(solved.state, "", 'the solved state is "" (docs/api.md)');
  });

  it("rejects wrong length, unknown letters and impossible colourings, naming stickers", () => {
    assertError(call("validate", "cube2", SOLVED.slice(1)), "23 facelets");
    assertError(call("validate", "cube2", SOLVED + "U"), "25 facelets");
    assertError(call("validate", "cube2", ""), "no facelets");
    const letters = call("validate", "cube2", SOLVED.slice(0, 5) + "X" + SOLVED.slice(6));
    assertError(letters, "unknown letter");

    const withStickers = (facelets, what) => {
      const answer = call("validate", "cube2", facelets);
      assertError(answer, what);
      assert.ok(Array.isArray(answer.stickers) && answer.stickers.length > 0, `${what}: stickers`);
      for (const s of answer.stickers) assert.ok(Number.isInteger(s) && s >= 0 && s < 24);
      return answer;
    };
    // Twist the UFR corner in place (stickers U3, R4, F9 = U, R, F).
    const twisted = [...SOLVED];
    [twisted[3], twisted[4], twisted[9]] = ["R", "F", "U"];
    withStickers(twisted.join(""), "twisted corner");
    // A corner showing U and D colours, which no corner has.
    const opposite = [...SOLVED];
    opposite[3] = "D";
    opposite[12] = "U";
    withStickers(opposite.join(""), "U/D corner");
    // Five stickers of one colour, three of another.
    withStickers("UUUUURRRFFFFDDDDLLLLBBBB", "colour counts");
  });
});

describe("bad input gives ok:false with a message", () => {
  it("unknown puzzle", () => {
    assertError(call("puzzleInfo", "nonesuch"), "puzzleInfo");
    assertError(call("applyMoves", "nonesuch", "", "R"), "applyMoves");
    assertError(call("scramble", "nonesuch", 1), "scramble");
    assertError(call("validate", "nonesuch", SOLVED), "validate");
    assertError(call("solve", "nonesuch", "", null), "solve");
    assertError(call("distanceTable", "nonesuch", null), "distanceTable");
  });

  it("bad notation names the column", () => {
    for (const [moves, badColumn] of [
      ["R U X", 5],
      ["Q", 1],
      ["R  L", 4],
    ]) {
      const answer = apply("", moves);
      assertError(answer, moves);
      assert.equal(typeof answer.column, "number", `${moves}: no column`);
      assert.equal(answer.column, badColumn, `${moves}: column`);
      assert.match(answer.error, new RegExp(`\\b${badColumn}\\b`), `${moves}: ${answer.error}`);
    }
  });

  it("garbage state strings", () => {
    for (const state of ["garbage", "{}", "-1", "99999999999999999999999", "\u0000\u0001"]) {
      assertError(apply(state, "R"), `applyMoves state ${JSON.stringify(state)}`);
      assertError(call("solve", "cube2", state, null), `solve state ${JSON.stringify(state)}`);
    }
  });
});

describe("survives misuse", () => {
  it("wrong argument counts and types throw BindingError, and later calls still work", () => {
    const misuses = [
      () => engine.version(1),
      () => engine.puzzleInfo(),
      () => engine.puzzleInfo(42),
      () => engine.puzzleInfo(null),
      () => engine.applyMoves("cube2", ""),
      () => engine.applyMoves("cube2", "", "R", "extra"),
      () => engine.applyMoves("cube2", 7, "R"),
      () => engine.validate("cube2", { facelets: SOLVED }),
      () => engine.solve("cube2", ""),
      () => engine.distanceTable(),
    ];
    for (const misuse of misuses) {
      assert.throws(misuse, (err) => err?.name === "BindingError", misuse.toString());
      assert.equal(call("version").ok, true);
      assert.equal(apply("", "R U R' U'").ok, true);
    }
    assert.equal(apply(apply("", "R U").state, "U' R'").solved, true);
  });

  it("200 KB strings are rejected briefly; a long valid sequence works", () => {
    const random = prng(99);
    const junk = Array.from({ length: 200_000 }, () =>
      String.fromCharCode(32 + Math.floor(random() * 95)),
    ).join("");
    for (const answer of [
      apply("", junk),
      apply(junk, "R"),
      call("validate", "cube2", junk),
      call("puzzleInfo", junk),
      call("solve", "cube2", junk, null),
    ]) {
      assertError(answer, "200 KB of junk");
      assert.ok(answer.error.length < 10_000, `error message of ${answer.error.length} characters`);
    }
    // 12,500 x (R U) (50 KB) = (R U)^5, since (R U) has order 15 and 12,500 = 5 mod 15.
    const long = apply("", "R U ".repeat(12_500));
    assert.equal(long.ok, true, long.error);
    assert.equal(long.facelets, apply("", "R U R U R U R U R U").facelets);
    assert.equal(call("version").ok, true);
  });
});

describe("distanceTable", () => {
  it("cube2 counts equal OEIS A079761 and God's number is 11, reported within layers too", async () => {
    // A fresh module, so that the BFS (which the engine may keep for later calls) runs in this call.
    const fresh = await loadEngine();
    const reports = [];
    const answer = callJson(fresh, "distanceTable", "cube2", (report) =>
      reports.push(typeof report === "string" ? JSON.parse(report) : report),
    );
    assert.equal(answer.ok, true, JSON.stringify(answer));
    assert.equal(answer.puzzle, "cube2");
    assert.deepEqual(answer.counts, A079761);
    assert.equal(answer.gods_number, 11);
    const total = A079761.reduce((a, b) => a + b, 0);
    assert.equal(total, Number(call("puzzleInfo", "cube2").state_count));
    // After each BFS layer: {depth, visited (so far), total, scanned: total}.
    let visited = 0;
    const expected = A079761.map((count, depth) => ({
      depth,
      visited: (visited += count),
      total,
      scanned: total,
    }));
    assert.deepEqual(
      reports.filter((report) => report.scanned === total),
      expected,
    );
    // Within a layer, after each block of 2^20 entries but the last (cube2 has four): the layer
    // being found, the positions found so far counted in, never going back.
    const within = reports.filter((report) => report.scanned < total);
    assert.ok(within.length > 0, "no report within a layer");
    for (const { depth, visited, scanned } of within) {
      assert.ok(visited > expected[depth - 1].visited && visited <= expected[depth].visited);
      assert.equal(scanned % 2 ** 20, 0);
    }
    for (let i = 1; i < reports.length; i++) {
      assert.ok(reports[i].visited >= reports[i - 1].visited, `report ${i} went back`);
      assert.ok(reports[i].depth >= reports[i - 1].depth, `report ${i} went back`);
    }
    // The same module answers again (from its kept table or a new BFS) with the same counts.
    assert.deepEqual(callJson(fresh, "distanceTable", "cube2", null).counts, A079761);
  });
});
