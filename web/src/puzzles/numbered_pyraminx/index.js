// The Numbered Pyraminx on the web: the Pyraminx's keys and net, its own model with digits, and
// the seed's example numbering (the repository's file, comments and face labels included), which
// a player uses unless given one.
import EXAMPLE_NUMBERING from "../../../../assets/numbered_pyraminx/example.txt?raw";
import pyraminx from "../pyraminx/index.js";
import { createNumberedPyraminx } from "./geometry.js";

/** @type {import("../index.js").PuzzleEntry} */
export default {
  ...pyraminx,
  id: "numbered_pyraminx",
  createModel: createNumberedPyraminx,
  numbering: { example: EXAMPLE_NUMBERING },
};
