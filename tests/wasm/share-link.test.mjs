// Share links (web/src/share/link.js): round trips through the real engine for random positions of
// both puzzles, the link's form, and garbage or hostile addresses (clear errors, never a throw).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";

import {
  APPEARANCE_PARAMS,
  MAX_LINK_LENGTH,
  SHARE_PARAMS,
  decodeShareLink,
  encodeShareLink,
} from "../../web/src/share/link.js";
import { PAYLOADS } from "../browser/injection-payloads.mjs";
import { callJson, loadEngine } from "../js/engine.mjs";

const BASE = "https://example.org/polytwist/";
const PUZZLES = ["pyraminx", "cube2"];
const SCRAMBLES_PER_PUZZLE = 25;

let engine;
const call = (method, ...args) => callJson(engine, method, ...args);

before(async () => {
  engine = await loadEngine();
});

/** Decodes and insists on a good link. */
function decodeOk(url) {
  const link = decodeShareLink(url);
  assert.ok(link?.ok, `${url}: ${JSON.stringify(link)}`);
  return link;
}

/** The moves a decoded link gives and whether they came as a solution. */
const pick = ({ solution, isSolution }) => ({ solution, isSolution });

function encodeOk(base, link) {
  const answer = encodeShareLink(base, link);
  assert.ok(answer.ok, JSON.stringify(answer));
  return answer.url;
}

/** Asserts a refusal naming `param`, with a message that mentions it (or the link). */
function assertRefused(answer, param, pattern) {
  assert.equal(answer?.ok, false, `expected a refusal, got ${JSON.stringify(answer)}`);
  assert.equal(answer.param, param, JSON.stringify(answer));
  assert.equal(typeof answer.error, "string");
  assert.ok(answer.error.length > 0 && answer.error.length < 300, answer.error);
  if (pattern) assert.match(answer.error, pattern);
}

describe("round trips through the engine", () => {
  for (const puzzle of PUZZLES) {
    it(`${puzzle}: scramble → facelets link → validate gives the same state`, () => {
      for (let seed = 0; seed < SCRAMBLES_PER_PUZZLE; seed++) {
        const scrambled = call("scramble", puzzle, seed * 7919 + 1);
        const solved = call("solve", puzzle, scrambled.state, null);
        const url = encodeOk(BASE, {
          puzzle,
          position: { facelets: scrambled.facelets },
          solution: solved.solution,
        });
        const link = decodeOk(url);
        assert.equal(link.puzzle, puzzle);
        assert.deepEqual(link.position, { facelets: scrambled.facelets });
        assert.equal(link.solution, solved.solution);
        const validated = call("validate", puzzle, link.position.facelets);
        assert.equal(validated.ok, true, validated.error);
        assert.equal(validated.state, scrambled.state);
        const played = call("applyMoves", puzzle, validated.state, link.solution);
        assert.equal(played.solved, true, `${url} does not solve`);
      }
    });

    it(`${puzzle}: scramble → setup link → applyMoves gives the same state`, () => {
      for (let seed = 0; seed < SCRAMBLES_PER_PUZZLE; seed++) {
        const scrambled = call("scramble", puzzle, seed * 104729 + 3);
        const link = decodeOk(encodeOk(BASE, { puzzle, position: { setup: scrambled.scramble } }));
        assert.deepEqual(link.position, { setup: scrambled.scramble });
        assert.equal(link.solution, "");
        const reached = call("applyMoves", puzzle, "", link.position.setup);
        assert.equal(reached.state, scrambled.state);
      }
    });
  }

  it("the puzzles without stickers: scramble → state link → applyMoves gives the same state", () => {
    for (const puzzle of ["clock", "square1"]) {
      const scrambled = call("scramble", puzzle, 12);
      const solved = call("solve", puzzle, scrambled.state, null);
      const position = { state: scrambled.state };
      const link = decodeOk(encodeOk(BASE, { puzzle, position, solution: solved.solution }));
      assert.deepEqual(link.position, position);
      const reached = call("applyMoves", puzzle, link.position.state, "");
      assert.equal(reached.state, scrambled.state);
      assert.equal(call("applyMoves", puzzle, reached.state, link.solution).solved, true);
    }
    assertRefused(decodeShareLink(`${BASE}?state=03a%3Cb&puzzle=clock`), "state", /character 4/);
    assertRefused(
      decodeShareLink(`${BASE}?state=03&setup=UR1%2B&puzzle=clock`),
      "setup",
      /one position/,
    );
  });

  it("a link without a position is the solved position", () => {
    const link = decodeOk(encodeOk(BASE, { puzzle: "cube2", solution: "R U R'" }));
    assert.deepEqual(link, {
      ok: true,
      puzzle: "cube2",
      description: "",
      position: null,
      solution: "R U R'",
      isSolution: true,
      step: 0,
      numbering: "",
      groups: "",
      view: {},
      appearance: {},
    });
  });

  it("a step travels with its solution: the engine's position after that many moves", () => {
    const scrambled = call("scramble", "pyraminx", 5);
    const solution = call("solve", "pyraminx", scrambled.state, null).solution;
    const url = encodeOk(BASE, {
      puzzle: "pyraminx",
      position: { facelets: scrambled.facelets },
      solution,
      step: 3,
    });
    assert.match(url, /&step=3&puzzle=pyraminx$/);
    const link = decodeOk(url);
    assert.equal(link.step, 3);
    const start = call("validate", "pyraminx", link.position.facelets).state;
    const firstThree = link.solution.split(" ").slice(0, 3).join(" ");
    assert.equal(
      call("applyMoves", "pyraminx", start, firstThree).state,
      call("applyMoves", "pyraminx", scrambled.state, solution.split(" ").slice(0, 3).join(" "))
        .state,
    );
    // Step 0 is the start, left out of the link.
    assert.doesNotMatch(encodeOk(BASE, { puzzle: "pyraminx", solution, step: 0 }), /step=/);
  });

  it("numbered_pyraminx: a numbering and groups travel with the position, as the engine reads them", () => {
    const numbering = "148952637423765891915628734517249386";
    const groups = "F0 L0 R0; D0 D4 D8";
    const scrambled = call("scramble", "numbered_pyraminx", 11);
    const solved = call(
      "numberingSolve",
      "numbered_pyraminx",
      scrambled.state,
      numbering,
      "",
      null,
    );
    const url = encodeOk(BASE, {
      puzzle: "numbered_pyraminx",
      position: { facelets: scrambled.facelets },
      solution: solved.solution,
      numbering,
      groups,
    });
    assert.match(url, /&numbering=148952637423765891915628734517249386&groups=F0\+L0\+R0%3B\+D0/);
    const link = decodeOk(url);
    assert.equal(link.numbering, numbering);
    assert.equal(link.groups, groups);
    const state = call("validate", "numbered_pyraminx", link.position.facelets).state;
    const after = call("applyMoves", "numbered_pyraminx", state, link.solution).state;
    const shown = call("numberingPosition", "numbered_pyraminx", after, link.numbering, "");
    assert.equal(shown.solved, true);
  });

  it("a puzzle by its description: the same position through the engine", () => {
    const description = "c f 0.25 f 0.75 f 0";
    const played = call("applyMoves", description, "", "R U' 2F Rw2");
    const url = encodeOk(BASE, {
      description,
      position: { facelets: played.facelets },
      solution: "Rw2' 2F' U R'",
    });
    assert.match(url, /&solution=Rw2'\+2F'\+U\+R'&description=c\+f\+0\.25\+f\+0\.75\+f\+0$/);
    const link = decodeOk(url);
    assert.equal(link.puzzle, description);
    assert.equal(link.description, description);
    const validated = call("validate", link.puzzle, link.position.facelets);
    assert.equal(validated.ok, true, validated.error);
    // Its centres of one colour are told apart by no colouring: the same facelets, not state.
    assert.equal(validated.facelets, played.facelets);
    assert.equal(call("applyMoves", link.puzzle, validated.state, link.solution).solved, true);
    // Given both, the description names the puzzle (as on <polytwist-player>).
    assert.equal(decodeOk(`${BASE}?puzzle=cube2&description=2x2x3`).puzzle, "2x2x3");
    // A description the engine refuses passes the decoder: the engine names what is wrong.
    const refused = call("puzzleInfo", decodeOk(`${BASE}?description=c+q+0.5`).puzzle);
    assert.match(refused.error, /unknown cut kind 'q' at column 3/);
  });
});

describe("the link's form", () => {
  it("a stickering, mask and sticker colours travel with the link, as the engine reads them", () => {
    const appearance = {
      stickering: "OLL",
      mask: "hide: F & edge; grey: piece(U0)",
      colors: "U:white F:rgb(0 160 0)",
      scheme: "colour-blind",
    };
    const encoded = encodeShareLink(BASE, { puzzle: "cube3", solution: "R U", appearance });
    assert.equal(encoded.ok, true);
    const link = decodeShareLink(encoded.url);
    assert.equal(link.ok, true);
    assert.deepEqual(link.appearance, appearance);
    const stage = `${link.appearance.stickering}; ${link.appearance.mask}`;
    const drawn = call("appearance", "cube3", stage, link.appearance.scheme);
    assert.equal(drawn.ok, true);
    assert.equal(drawn.looks.length, 54);
    assert.equal(drawn.looks[21], "h"); // F3, an edge's F sticker
    assert.equal(drawn.looks[0], "g"); // U0: its piece greyed after OLL showed it
    assert.equal(drawn.colours[2], "#009e73");
    const bad = decodeShareLink(`${BASE}?puzzle=cube3&mask=grey:%E2%80%AEU`);
    assert.equal(bad.param, "mask");
    assert.equal(bad.column, 6);
  });

  it("is compact and readable: spaces as +, primes kept, puzzle last", () => {
    const url = encodeOk(BASE, {
      puzzle: "pyraminx",
      position: { facelets: "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD" },
      solution: "U L' b",
    });
    assert.equal(
      url,
      `${BASE}?facelets=FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD&solution=U+L'+b&puzzle=pyraminx`,
    );
  });

  it("uses only URL-safe characters, even for brackets and odd notation", () => {
    const url = encodeOk(BASE, { puzzle: "cube2", position: { setup: "[R, U] (R U)3' // x" } });
    assert.match(url, /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/);
    assert.deepEqual(decodeOk(url).position, { setup: "[R, U] (R U)3' // x" });
  });

  it("keeps the base address's other parameters, replaces old share parameters, drops #", () => {
    const base = `${BASE}?lang=en&puzzle=cube2&solution=R&utm=x#section`;
    const url = encodeOk(base, { puzzle: "pyraminx", solution: "U" });
    assert.equal(url, `${BASE}?lang=en&utm=x&solution=U&puzzle=pyraminx`);
  });

  it("trims moves and leaves out empty ones", () => {
    const url = encodeOk(BASE, { puzzle: "cube2", position: { setup: "   " }, solution: " R " });
    assert.equal(url, `${BASE}?solution=R&puzzle=cube2`);
  });

  it("reads alg as solution, both ways, and says which it was", () => {
    // Moves that are no solution (an alg, typed moves) are written as alg, and read as moves.
    const url = encodeOk(BASE, { puzzle: "cube2", alg: "R U" });
    assert.equal(url, `${BASE}?alg=R+U&puzzle=cube2`);
    assert.deepEqual(pick(decodeOk(url)), { solution: "R U", isSolution: false });
    assert.deepEqual(pick(decodeOk(`${BASE}?puzzle=cube2&alg=R%20U`)), {
      solution: "R U",
      isSolution: false,
    });
    assert.deepEqual(pick(decodeOk(`${BASE}?puzzle=cube2&alg=R+U&solution=R+U`)), {
      solution: "R U",
      isSolution: true,
    });
    assert.equal(
      encodeOk(BASE, { puzzle: "cube2", solution: "R U", alg: "R U" }),
      `${BASE}?solution=R+U&puzzle=cube2`,
    );
  });

  it("decodes relative addresses and URL objects, %20 and + alike", () => {
    assert.equal(decodeOk("?puzzle=cube2&solution=R%20U").solution, "R U");
    assert.equal(decodeOk(new URL(`${BASE}?puzzle=cube2&solution=R+U`)).solution, "R U");
  });

  it("repeated parameters with the same value are one", () => {
    assert.equal(decodeOk(`${BASE}?puzzle=cube2&puzzle=cube2`).puzzle, "cube2");
  });

  it("carries the player's view attributes as text, before the puzzle", () => {
    const view = { "back-view": "corner", mirror: "", view: "net", "camera-latitude": "-30" };
    const url = encodeOk(BASE, { puzzle: "cube2", solution: "R", view });
    assert.equal(
      url,
      `${BASE}?solution=R&view=net&back-view=corner&mirror=&camera-latitude=-30&puzzle=cube2`,
    );
    assert.deepEqual(decodeOk(url).view, view);
    assert.deepEqual(decodeOk(`${BASE}?puzzle=cube2`).view, {});
    // Alone they make no share link: the page's usual start.
    assert.equal(decodeShareLink(`${BASE}?view=net`), null);
  });

  it("ignores unknown parameters; an address without share parameters gives null", () => {
    assert.equal(decodeOk(`${BASE}?puzzle=cube2&Puzzle=x&foo=%00`).puzzle, "cube2");
    assert.equal(decodeShareLink(`${BASE}?foo=bar`), null);
    assert.equal(decodeShareLink(BASE), null);
    assert.equal(decodeShareLink(""), null);
  });
});

describe("refusals", () => {
  const decodeCases = [
    [42, "link", /not text/],
    [null, "link", /not text/],
    [{ href: BASE }, "link", /not text/],
    ["http://[::1", "link", /not a valid web address/],
    [`${BASE}?puzzle=${"a".repeat(MAX_LINK_LENGTH)}`, "link", /characters long/],
    [`${BASE}?solution=R`, "puzzle", /missing/],
    [`${BASE}?description=`, "description", /empty/],
    [`${BASE}?description=c+f+0%E2%80%A45`, "description", /character 6 is '․' \(U\+2024\)/],
    [`${BASE}?description=${"c+f+0.5".repeat(150)}`, "description", /1050 characters long/],
    [`${BASE}?description=c+f+0&description=c+f+0.5`, "description", /2 different values/],
    [`${BASE}?puzzle=`, "puzzle", /empty/],
    [`${BASE}?puzzle=Pyraminx`, "puzzle", /character 1 is 'P'/],
    [`${BASE}?puzzle=..%2Fetc`, "puzzle", /character 1 is '\.'/],
    [`${BASE}?puzzle=${"x".repeat(41)}`, "puzzle", /41 characters long/],
    [`${BASE}?puzzle=cube2&puzzle=pyraminx`, "puzzle", /2 different values/],
    [`${BASE}?puzzle=cube2&facelets=`, "facelets", /empty/],
    [`${BASE}?puzzle=cube2&facelets=UU%3Cscript%3E`, "facelets", /character 3 is '<'/],
    [`${BASE}?puzzle=cube2&facelets=UU%00U`, "facelets", /character 3 is U\+0000/],
    [`${BASE}?puzzle=cube2&facelets=${"U".repeat(513)}`, "facelets", /513 characters/],
    [`${BASE}?puzzle=cube2&facelets=UUUU&setup=R`, "setup", /one position/],
    [`${BASE}?puzzle=cube2&setup=R%E2%80%99`, "setup", /character 2 is '’' \(U\+2019\)/],
    [`${BASE}?puzzle=cube2&setup=R%E0%A4%A`, "setup", /U\+FFFD/],
    [`${BASE}?puzzle=cube2&solution=R%07`, "solution", /character 2 is U\+0007/],
    [`${BASE}?puzzle=cube2&solution=${"R+".repeat(600)}`, "solution", /at most 1000/],
    [`${BASE}?puzzle=cube2&solution=R&alg=U`, "alg", /differ/],
    [`${BASE}?puzzle=cube2&alg=%F0%9F%98%80`, "alg", /character 1 is '😀' \(U\+1F600\)/],
    [`${BASE}?puzzle=numbered_pyraminx&numbering=1%E2%80%8B2`, "numbering", /character 2 is/],
    [`${BASE}?puzzle=numbered_pyraminx&numbering=${"1".repeat(1001)}`, "numbering", /at most 1000/],
    [`${BASE}?puzzle=numbered_pyraminx&numbering=1&numbering=2`, "numbering", /2 different/],
    [`${BASE}?puzzle=numbered_pyraminx&groups=F0%3Cscript%3E%0B`, "groups", /U\+000B/],
    [`${BASE}?puzzle=cube2&solution=R&step=-1`, "step", /a whole number of moves played/],
    [`${BASE}?puzzle=cube2&solution=R&step=1e3`, "step", /"1e3": a whole number/],
    [`${BASE}?puzzle=cube2&solution=R&step=1234567`, "step", /a whole number/],
    [`${BASE}?puzzle=cube2&step=2`, "step", /needs a solution/],
    [`${BASE}?puzzle=cube2&back-view=side+by+side`, "back-view", /character 5 is ' '/],
    [`${BASE}?puzzle=cube2&mirror=${"x".repeat(41)}`, "mirror", /41 characters long/],
    [`${BASE}?puzzle=cube2&view=net&view=3d`, "view", /2 different values/],
  ];
  for (const [input, param, pattern] of decodeCases) {
    const name = typeof input === "string" ? input.slice(0, 90) : JSON.stringify(input);
    it(`decode ${name} → ${param}`, () => {
      assertRefused(decodeShareLink(input), param, pattern);
    });
  }

  it("an error names the column of a bad character", () => {
    const answer = decodeShareLink(`${BASE}?puzzle=cube2&facelets=UUU%23U`);
    assert.equal(answer.column, 4);
  });

  const encodeCases = [
    ["not a url", { puzzle: "cube2" }, "baseUrl"],
    [BASE, {}, "puzzle"],
    [BASE, { puzzle: 7 }, "puzzle"],
    [BASE, { puzzle: "cube 2" }, "puzzle"],
    [BASE, { description: "c f 0", puzzle: "cube2" }, "description"],
    [BASE, { description: 7 }, "description"],
    [BASE, { description: " " }, "description"],
    [BASE, { puzzle: "cube2", position: "R U" }, "position"],
    [BASE, { puzzle: "cube2", position: { facelets: "UU", setup: "R" } }, "position"],
    [BASE, { puzzle: "cube2", position: { facelets: ["U"] } }, "position"],
    [BASE, { puzzle: "cube2", position: { facelets: "UU UU" } }, "facelets"],
    [BASE, { puzzle: "cube2", position: { setup: "R\u0000" } }, "setup"],
    [BASE, { puzzle: "cube2", solution: 5 }, "solution"],
    [BASE, { puzzle: "cube2", solution: "R", alg: "U" }, "alg"],
    [BASE, { puzzle: "numbered_pyraminx", numbering: 148952637 }, "numbering"],
    [BASE, { puzzle: "numbered_pyraminx", groups: "F0\u0000" }, "groups"],
    [BASE, { puzzle: "cube2", solution: "R", step: 1.5 }, "step"],
    [BASE, { puzzle: "cube2", solution: "R", step: "1" }, "step"],
    [BASE, { puzzle: "cube2", step: 1 }, "step"],
    [BASE, { puzzle: "cube2", view: { colours: "red" } }, "colours"],
    [BASE, { puzzle: "cube2", view: { mirror: true } }, "mirror"],
    [BASE, { puzzle: "cube2", view: "net" }, "view"],
    [`${BASE}?note=${"x".repeat(2000)}`, { puzzle: "cube2", solution: "[]".repeat(500) }, "link"],
  ];
  for (const [base, link, param] of encodeCases) {
    it(`encode ${JSON.stringify(link).slice(0, 80)} → ${param}`, () => {
      assertRefused(encodeShareLink(base, link), param);
    });
  }

  it("never throws on random addresses", () => {
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const pieces = [
      "?",
      "&",
      "=",
      "%",
      "%2",
      "%ZZ",
      "+",
      "#",
      "puzzle",
      "facelets",
      "setup",
      "solution",
      "alg",
      "numbering",
      "groups",
      "cube2",
      "R",
      "'",
      "\u0000",
      "é",
      "😀",
      "\ud800",
      " ",
      "//",
      "[",
      "]",
    ];
    for (let i = 0; i < 3000; i++) {
      let text = BASE;
      const length = Math.floor(random() * 30);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
      const answer = decodeShareLink(text);
      if (answer === null || answer.ok) continue;
      assert.equal(typeof answer.param, "string", text);
      assert.equal(typeof answer.error, "string", text);
    }
  });

  it("every injection payload in every parameter: refused by that parameter's name, or kept as text", () => {
    // The page shows some of these pairs (tests/browser/injection.test.mjs); here, all of them.
    for (const payload of PAYLOADS) {
      for (const param of SHARE_PARAMS) {
        const query = new URLSearchParams({ puzzle: "numbered_pyraminx" });
        query.set(param, payload);
        const answer = decodeShareLink(`${BASE}?${query}`);
        const label = `${param}=${JSON.stringify(payload.slice(0, 30))}`;
        if (answer.ok) {
          // Only notation, numbering, description and appearance text reach the engine or the
          // player's attributes, which judge them.
          assert.ok(
            ["setup", "solution", "alg", "numbering", "groups", "description"]
              .concat(APPEARANCE_PARAMS)
              .includes(param),
            label,
          );
          continue;
        }
        // alg is another name for solution: a refusal may name either.
        const names = param === "alg" ? ["alg", "solution"] : [param];
        assert.ok(names.includes(answer.param), `${label}: refused as ${answer.param}`);
        // A right-to-left override is named by its code point, not put in the message; step's
        // message quotes the value, which the page shows with such controls made visible.
        if (payload.includes("\u202e") && param !== "step") {
          assert.ok(!answer.error.includes("\u202e"), `${label}: ${answer.error}`);
        }
      }
    }
  });
});
