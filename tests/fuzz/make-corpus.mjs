// Writes the fuzz targets' seed corpora (tests/fuzz/corpus/<target>/): valid inputs of every
// puzzle, made by the WASM engine (build/wasm/), and invalid inputs of each error class the
// engine names. Run from the repository root: `node tests/fuzz/make-corpus.mjs`. The files are
// committed; rerun after a puzzle or format changes (fuzzers keep their own findings elsewhere).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

const engine = await loadEngine();
const corpusDir = `${repoDir}tests/fuzz/corpus/`;
const NUL = "\0";

// Files it does not write stay: the fuzzers' findings, added by hand (docs/fuzzing.md).
function writeCorpus(target, seeds) {
  const dir = `${corpusDir}${target}/`;
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(seeds)) writeFileSync(`${dir}${name}`, content);
}

const puzzles = callJson(engine, "listPuzzles").puzzles.map(({ id }) =>
  callJson(engine, "puzzleInfo", id),
);
const scrambles = Object.fromEntries(
  puzzles.map(({ id }) => [id, callJson(engine, "scrambleByMoves", id, 7, 12)]),
);
// Sequences in the puzzles' other notations (the engine writes only its own).
const otherNotations = {
  "kilominx-megaminx": "FL BL' FR2 DL DR' B2 (FL FR)2'",
  "kilominx-seed001": "U F L U' BL2 F' L'",
  "master_pyraminx-cubing": "u l' 3u b 3l' U R r",
};

// notation: sequences of every puzzle, the grammar's forms, and each parse error.
const notation = {
  "syntax-groups": "(R U R' U')3 (R U)2' ((R U)2 F)3' // a comment\nR2'",
  "syntax-commutators": "[R U R', D] [R: U]2' [[R: U], D]3 [F: [R,U]]' [, U] (R3 U4)5 x5'",
  "syntax-wide": "2R 3Rw2' u x y' z2 BL2' R_1",
  "syntax-multiline": "R U\r\n  // line two\n\tF'\f\v(U)999",
  "error-unexpected-close": "R U) F",
  "error-unclosed": "(R U\n  (F",
  "error-glued": "R'U R2a",
  "error-repeat-zero": "(R U)0",
  "error-repeat-large": "(R U)1000",
  "error-depth": "(".repeat(33) + "R" + ")".repeat(33),
  "error-expansion": "((((R)999)999)999)",
  "error-non-ascii": "R U\u00e9 F",
  "error-group-glued": "(R)2R",
  "error-unknown-move": "RU Q X9",
  "error-separator": "R U, F [R: U: F]",
  "error-one-part": "[R U]2 [R, U)",
};
for (const { id } of puzzles) {
  notation[`${id}-scramble`] = scrambles[id].scramble;
  notation[`${id}-moves`] = callJson(engine, "puzzleInfo", id).moves.join(" ");
}
Object.assign(notation, otherNotations);
writeCorpus("notation", notation);

// colourings: solved and scrambled colourings, and each kind of impossible one.
const colourings = {};
for (const { id } of puzzles) {
  const solved = callJson(engine, "applyMoves", id, "", "").facelets;
  const mixed = scrambles[id].facelets;
  colourings[`${id}-solved`] = solved;
  colourings[`${id}-scrambled`] = mixed;
  colourings[`${id}-short`] = mixed.slice(0, -1);
  colourings[`${id}-long`] = mixed + mixed[0];
  colourings[`${id}-bad-letter`] = "%" + mixed.slice(1);
  colourings[`${id}-lowercase`] = mixed.toLowerCase();
  colourings[`${id}-one-colour`] = mixed[0].repeat(mixed.length);
  // Two neighbouring stickers swapped (a twisted piece, or two pieces exchanged).
  colourings[`${id}-swapped`] = mixed[1] + mixed[0] + mixed.slice(2);
  const last = mixed.length - 1;
  colourings[`${id}-swapped-far`] = mixed[last] + mixed.slice(1, last) + mixed[0];
}
writeCorpus("colourings", colourings);

// numbering: numbering NUL groups NUL flags (odd: '?' allowed).
const example = readFileSync(`${repoDir}assets/numbered_pyraminx/example.txt`, "utf8");
const digits = example
  .split("\n")
  .filter((line) => !line.startsWith("#"))
  .join("")
  .replace(/[^1-9]/g, "");
const ring = "F0 L0 R0 F4 L8 F8 R4 R8 L4";
writeCorpus("numbering", {
  "example-file": example,
  "example-digits": digits,
  "example-ring": `${digits}${NUL}${ring}${NUL}0`,
  "example-groups": `${digits}${NUL}${ring}; F1 L1 R1\nD0 D1 D2${NUL}0`,
  "design-open": `${digits.slice(0, 27)}${"?".repeat(9)}${NUL}${NUL}1`,
  "error-open-not-allowed": `${digits.slice(0, 27)}${"?".repeat(9)}`,
  "error-short": digits.slice(0, 35),
  "error-long": digits + "1",
  "error-zero": "0" + digits.slice(1),
  "error-letter": "x" + digits.slice(1),
  "error-repeated-on-face": "11" + digits.slice(2),
  "error-unknown-sticker": `${digits}${NUL}F0 Z9 L0${NUL}0`,
  "error-sticker-twice": `${digits}${NUL}F0 F0${NUL}0`,
  "error-group-repeats": `${digits}${NUL}F0 L1${NUL}0`,
  "labels-and-comments":
    "F: 1 4 8 9 5 2 6 3 7 # face F\nL: 4 2 3 7 6 5 8 9 1\nR:9 1 5 6 2 8 7 3 4\nD: 5 1 7 2 4 9 3 8 6",
});

// tables: headers of real files (the full files are 233 KB and more; the unit tests take them
// back whole), damaged ones, and the optimal kernel's framing.
function u64(value) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
}
const pyraminxTable = Buffer.from(engine.exportTable("pyraminx", null).bytes);
const header = pyraminxTable.subarray(0, 8 + 32 + 8 * 16);
const flipped = Buffer.from(pyraminxTable.subarray(0, 512));
flipped[flipped.length - 1] ^= 1;
const symmetricHeader = Buffer.concat([
  Buffer.from("PTSYMTB1"),
  u64(0),
  u64(1000),
  u64(2),
  u64(1),
  u64(2),
]);
// The header of the domino's whole table (101 MB) with no entries and its checksum right: a
// finding of the tables target (the table was allocated before the length was checked).
const domino = callJson(engine, "puzzleInfo", "domino");
const dominoHeader = Buffer.concat([
  header.subarray(0, 8),
  Buffer.from(domino.table_key.split("-").pop(), "hex").reverse(),
  u64((domino.table_bytes * 8) / domino.state_count),
  u64(domino.state_count),
  u64(0),
]);
let checksum = 1469598103934665603n; // the table files' FNV-1a (engine/search/distance_table.cpp)
for (const byte of dominoHeader) {
  checksum = ((checksum ^ BigInt(byte)) * 1099511628211n) & (2n ** 64n - 1n);
}
writeCorpus("tables", {
  "domino-header-only-checksum-right": Buffer.concat([dominoHeader, u64(checksum)]),
  "pyraminx-header": header,
  "pyraminx-prefix-damaged": flipped,
  "bad-magic": Buffer.concat([Buffer.from("PTWTABL0"), header.subarray(8)]),
  empty: "",
  short: "PTWTABL1",
  "optimal-framed-header": Buffer.concat([u64(symmetricHeader.length), symmetricHeader]),
  "optimal-length-too-long": Buffer.concat([u64(2n ** 63n), symmetricHeader]),
  "optimal-cut-short": u64(3),
});

// service: operation NUL arguments..., one or more per operation, valid and invalid.
const pyraminxState = scrambles.pyraminx.state;
const service = {
  version: "version",
  "list-puzzles": "listPuzzles",
  "puzzle-info": `puzzleInfo${NUL}kilominx`,
  "puzzle-info-unknown": `puzzleInfo${NUL}tesseract`,
  "apply-moves": `applyMoves${NUL}cube3${NUL}${NUL}R U R' U'`,
  "apply-moves-state": `applyMoves${NUL}pyraminx${NUL}${pyraminxState}${NUL}u l'`,
  "apply-moves-bad-state": `applyMoves${NUL}pyraminx${NUL}0.1.2|9.9${NUL}R`,
  "apply-moves-in": `applyMovesIn${NUL}kilominx${NUL}${NUL}FL BL'${NUL}megaminx`,
  "apply-moves-in-frame": `applyMovesIn${NUL}kilominx${NUL}${NUL}U F L${NUL}seed001`,
  "apply-moves-in-unknown": `applyMovesIn${NUL}master_pyraminx${NUL}${NUL}u${NUL}wca`,
  scramble: `scramble${NUL}pyraminx${NUL}1`,
  "scramble-bad-seed": `scramble${NUL}cube2${NUL}-1.5`,
  "scramble-by-moves": `scrambleByMoves${NUL}master_pyraminx${NUL}5${NUL}30`,
  "scramble-by-moves-nan": `scrambleByMoves${NUL}cube3${NUL}nan${NUL}1e9`,
  validate: `validate${NUL}cube2${NUL}${scrambles.cube2.facelets}`,
  "validate-bad": `validate${NUL}cube2${NUL}UUUU`,
  image: `image${NUL}pzl=3&alg=R U R'&size=64`,
  "image-bad": `image${NUL}pzl=99&size=-1&view=trans`,
  solve: `solve${NUL}pyraminx${NUL}${pyraminxState}`,
  "solve-with": `solveWith${NUL}pyraminx${NUL}${pyraminxState}${NUL}{"method":"fast","max_length":14}`,
  "solve-with-bad-options": `solveWith${NUL}pyraminx${NUL}${NUL}{"method":"slow"}`,
  "distance-table": `distanceTable${NUL}pyraminx`,
  "export-table": `exportTable${NUL}pyraminx`,
  "import-table": `importTable${NUL}pyraminx${NUL}${header.toString("latin1")}`,
  "export-tables": `exportTables${NUL}cube3${NUL}small`,
  "import-tables": `importTables${NUL}kilominx${NUL}small${NUL}${u64(3).toString("latin1")}`,
  "search-start": `searchStart${NUL}cube3${NUL}${NUL}{"tables":"small"}`,
  "search-step": `searchStep${NUL}1${NUL}100000`,
  "search-stop": `searchStop${NUL}-7`,
  "numbering-solutions": `numberingSolutions${NUL}numbered_pyraminx${NUL}${digits}${NUL}${ring}${NUL}10`,
  "numbering-solutions-limit": `numberingSolutions${NUL}numbered_pyraminx${NUL}${digits}${NUL}${NUL}1e7`,
  "numbering-position": `numberingPosition${NUL}numbered_pyraminx${NUL}${scrambles.numbered_pyraminx.state}${NUL}${digits}${NUL}`,
  "numbering-position-colours": `numberingPosition${NUL}cube2${NUL}${NUL}${digits}${NUL}`,
  // The Rubik's Clock, a model of its own: its notation, state strings, solve and picture.
  "clock-scramble": `scramble${NUL}clock${NUL}26`,
  "clock-apply-moves": `applyMoves${NUL}clock${NUL}${callJson(engine, "scramble", "clock", 26).state}${NUL}UR3+ DR2- y2 ALL11- UR DL`,
  "clock-apply-moves-bad": `applyMoves${NUL}clock${NUL}0123456789ab01${NUL}UR13+ y2 U`,
  "clock-solve-with": `solveWith${NUL}clock${NUL}ba9876543210ab${NUL}{"method":"fast"}`,
  "clock-image": `image${NUL}pzl=clock&alg=UR5%2B y2 ALL1- UR&size=64&bg=w`,
  // The Square-1, another: its state strings and moves (its scramble and solve are not fuzzed).
  "square1-apply-moves": `applyMoves${NUL}square1${NUL}${callJson(engine, "applyMoves", "square1", "", "(0,-1)/ (1,4)/ (-3,0)/").state}${NUL}(1,0)/ (-1,3)/ (0,-3)`,
  "square1-apply-moves-bad": `applyMoves${NUL}square1${NUL}1AA2BB3CC4DZ/EE5FF6GG7HH8/s${NUL}(0,3)/ (1,0)/`,
  "square1-image": `image${NUL}pzl=square1&case=(0,-1)/ (1,4)/&size=64&bg=w`,
};
writeCorpus("service", service);

// share_link: puzzle NUL facelets NUL setup NUL solution NUL numbering NUL groups NUL state.
const link = (fields) =>
  ["puzzle", "facelets", "setup", "solution", "numbering", "groups", "state"]
    .map((key) => fields[key] ?? "")
    .join(NUL);
writeCorpus("share_link", {
  "facelets-solution": link({
    puzzle: "pyraminx",
    facelets: "LLFRDLDRRRRLFRRRDFFDRLDDLDDLDLFFFFFL",
    solution: "u l' B",
  }),
  setup: link({ puzzle: "cube3", setup: "R U R' U'", solution: "U R U' R'" }),
  numbering: link({ puzzle: "numbered_pyraminx", numbering: digits, groups: ring, setup: "U" }),
  state: link({ puzzle: "domino", state: scrambles.domino.state, solution: "U" }),
  // A page's ?description=… link: the puzzle named by its description.
  description: link({ puzzle: "c f 0.25 f 0.75 f 0", setup: "R U' 2F", solution: "Rw2 3R'" }),
  "megaminx-wca": link({ puzzle: "d f 0.7", setup: "R++ D-- R-- D++ U'", solution: "D-- R++" }),
  "error-puzzle": link({ puzzle: "pyraminx4" }),
  "error-description": link({ puzzle: "c q 0.5" }),
  "error-facelets": link({ puzzle: "cube2", facelets: "UUUUFFFFRRRRDDDDBBBBLLLX" }),
  "error-setup": link({ puzzle: "kilominx", setup: "U (F" }),
  "error-solution": link({ puzzle: "master_pyraminx", solution: "Q" }),
  "error-numbering": link({ puzzle: "numbered_pyraminx", numbering: "123" }),
  "error-numbering-colours": link({ puzzle: "cube3", numbering: digits }),
  "error-state": link({ puzzle: "cube2", state: "1.2.3|x" }),
});
// Dictionaries (libFuzzer's -dict): tokens a mutation would rarely spell by chance.
function writeDictionary(target, tokens) {
  const quote = (token) =>
    `"${[...Buffer.from(token, "latin1")]
      .map((b) =>
        b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c
          ? String.fromCharCode(b)
          : `\\x${b.toString(16).padStart(2, "0")}`,
      )
      .join("")}"`;
  const lines = [...new Set(tokens)].sort().map(quote);
  writeFileSync(
    `${repoDir}tests/fuzz/${target}.dict`,
    `# Written by make-corpus.mjs.\n${lines.join("\n")}\n`,
  );
}
const moveNames = puzzles.flatMap(({ moves }) => moves);
const ids = puzzles.map(({ id }) => id);
const grammar = [
  "(",
  ")",
  "[",
  "]",
  ",",
  ":",
  "'",
  "2'",
  "++",
  "--",
  "999",
  "1000",
  "//",
  "\n",
  " ",
  "w",
  "_",
];
writeDictionary("notation", [
  ...moveNames,
  ...grammar,
  "FL",
  "BL",
  "DBL",
  "3u",
  "Uw",
  "M",
  "x",
  "y",
  "z",
]);
const descriptions = ["c f 0.", "d f 0.7", "o v 0", "t e 0.5", "2x3x4"];
writeDictionary("share_link", [
  ...ids,
  ...moveNames,
  ...grammar,
  ...descriptions,
  NUL,
  "|",
  ".",
  "?",
]);
writeDictionary("service", [
  ...Object.values(service).map((seed) => seed.split(NUL)[0]),
  ...ids,
  NUL,
  '{"method":"fast"}',
  '"max_length":',
  '"tables":"small"',
  '"threads":',
  '"notation":',
  "small",
  "large",
  "medium",
  "megaminx",
  "seed001",
  "cubing",
  "nan",
  "inf",
  "1e308",
  "-0",
  "pzl=",
  "&alg=",
  "&size=",
  "&view=",
  "&stage=",
  "&fd=",
  "&fc=",
]);
writeDictionary("tables", [
  "PTWTABL1",
  "PTSYMTB1",
  "\0\0\0\0\0\0\0\0",
  "\xff\xff\xff\xff\xff\xff\xff\x7f",
]);
writeDictionary("numbering", [
  "F:",
  "L:",
  "R:",
  "D:",
  "#",
  "?",
  ";",
  "\n",
  NUL,
  "F0",
  "L8",
  "R4",
  "D2",
  ring,
]);
console.log(`seed corpora written under ${corpusDir}`);
