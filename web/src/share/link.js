// Share links: a puzzle, a position and a solution in a page address, for example
//
//   https://example.org/polytwist/?facelets=LLFRDLDRRRRLFRRRDFFDRLDDLDDLDLFFFFFL&solution=u+l'+B&puzzle=pyraminx
//
// Parameters (query string; anything else in the address is kept by encode and ignored by decode):
//   puzzle    the engine's puzzle id (a–z, 0–9, _). It is written last, so a link always ends in
//             a letter or digit and chat apps that trim trailing punctuation keep it whole.
//   description  instead of puzzle, a puzzle by its description (docs/geometry.md), e.g.
//             description=c+f+0.25+f+0.75+f+0, written last in its place (a description ends in a
//             digit). One of the two is required; given both, the description names the puzzle
//             and puzzle is not read (as on <polytwist-player>). Whether it describes a puzzle,
//             within the engine's limits, is the engine's call, as below.
//   facelets  the position as the engine's facelets string (one face letter per sticker): the form
//             for positions entered in the state editor, since any colouring can be written.
//   setup     the position as a move sequence from solved: the form for positions reached by moves.
//   state     the position as the engine's state text: the form for a puzzle without stickers
//             (the Rubik's Clock, the Square-1), whose positions have no facelets.
//             At most one of facelets, setup and state; none means the solved position.
//   solution  the moves to play from that position (the engine's normalised notation): a solution
//   alg       or any other moves (the player element's attribute name): read as solution is, but
//             shown as moves, not as a solution. At most one of the two (both: they must agree).
//   step      how many of those moves have been played (a whole number; 0, the start, is left
//             out), so the link opens at the step shown.
//   numbering for a numbered puzzle, the digit of each sticker (docs/puzzles/numbered_pyraminx.md;
//             written as its 36 digits, read in any of the engine's numbering formats)
//   groups    its extra sticker groups ("F0 L0 R0 …; …")
//   view, back-view, mirror, hint-stickers, camera-latitude, camera-longitude
//             how the player shows the puzzle: its attributes of those names, carried as text
//             (printable ASCII, short) for the player to check as it checks its attributes
//             (docs/embedding.md); `mirror=` and `hint-stickers=` (empty) turn those on.
//   stickering, mask, colors, scheme  how the puzzle is drawn, as the player's attributes of
//             those names (docs/embedding.md): a named stickering (OLL), a mask ("grey: U"), the
//             faces' colours ("U:white F:#0a0") and a preset (colour-blind); checked by the player
// Spaces are written as `+`; other characters as encodeURIComponent writes them (`'` stays).
//
// This module only reads and writes the text. Whether the content makes sense is the engine's call,
// so the caller validates a decoded link before showing it:
//
//   const link = decodeShareLink(location.href);
//   if (link === null) …                     // no share parameters: the page's usual start
//   else if (!link.ok) showError(link.error); // e.g. "facelets: character 5 is '%', …"
//   else {
//     // link.puzzle is the engine's name of the puzzle: the id, or the description
//     const info = await engine.puzzleInfo(link.puzzle);          // unknown puzzle → info.error
//     let state = "";
//     if (link.position?.facelets) {
//       const answer = await engine.validate(link.puzzle, link.position.facelets);
//       // not ok: show answer.error; with the right length, open the state editor on these
//       // facelets so answer.stickers are highlighted
//       state = answer.state;
//     } else if (link.position?.setup) {
//       const answer = await engine.applyMoves(link.puzzle, "", link.position.setup);
//       state = answer.state;                    // not ok: "setup: " + answer.error (its column)
//     }
//     const played = await engine.applyMoves(link.puzzle, state, link.solution);
//     // not ok: "solution: " + played.error; else list played.moves for playback from `state`
//   }

/** The player's attributes for how it shows the puzzle, which a link carries as they are. */
export const VIEW_PARAMS = [
  "view",
  "back-view",
  "mirror",
  "hint-stickers",
  "camera-latitude",
  "camera-longitude",
];

/** The parameters that make an address a share link (it names a puzzle and maybe a position). */
const PUZZLE_PARAMS = [
  "facelets",
  "setup",
  "state",
  "solution",
  "alg",
  "step",
  "numbering",
  "groups",
  "description",
  "puzzle",
];

/** The parameters that restyle the puzzle (the player's attributes of the same names). */
export const APPEARANCE_PARAMS = ["stickering", "mask", "colors", "scheme"];

/** The parameters this module reads and writes; encode replaces them in the base address. */
export const SHARE_PARAMS = [...PUZZLE_PARAMS, ...VIEW_PARAMS, ...APPEARANCE_PARAMS];

/** Longest link decoded or encoded, in characters (browsers and chat apps handle this safely). */
export const MAX_LINK_LENGTH = 4096;
const MAX_PUZZLE_LENGTH = 40;
const MAX_DESCRIPTION_LENGTH = 1000; // the engine's limit on a description's text
const MAX_FACELETS_LENGTH = 512;
const MAX_MOVES_LENGTH = 1000;
const MAX_NUMBERING_LENGTH = 1000;
const MAX_APPEARANCE_LENGTH = 1000;
const MAX_STEP_DIGITS = 6; // no solution is longer than 100,000 moves (the engine's limit)
const MAX_VIEW_LENGTH = 40; // the longest value a view attribute takes is a dozen characters

const PUZZLE_CHAR = /[a-z0-9_]/;
const FACELET_CHAR = /[A-Za-z0-9]/;
const NOTATION_CHAR = /[\x20-\x7e\t\n\r]/; // the engine's notation is ASCII

/**
 * A character for an error message: quoted when printable, with its code point when not ASCII;
 * a control or format character (NUL, a right-to-left override that would reverse the rest of
 * the message) by its code point alone.
 */
function describeChar(char) {
  const code = char.codePointAt(0);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char)) return hex;
  return code < 0x80 ? `'${char}'` : `'${char}' (${hex})`;
}

/** The first character (by code point, counted from 1) that `allowed` refuses, or null. */
function firstBadChar(text, allowed) {
  let column = 0;
  for (const char of text) {
    column++;
    if (!allowed.test(char)) return { char, column };
  }
  return null;
}

function failure(param, error, column) {
  return column === undefined ? { ok: false, param, error } : { ok: false, param, error, column };
}

/** Checks one value against a parameter's rules: null when fine, else a failure. */
function checkValue(param, value, { maxLength, allowed, allowedText }) {
  if (value.length > maxLength) {
    return failure(param, `${param} is ${value.length} characters long; at most ${maxLength}`);
  }
  const bad = firstBadChar(value, allowed);
  if (!bad) return null;
  const message = `${param}: character ${bad.column} is ${describeChar(bad.char)}; ${allowedText}`;
  return failure(param, message, bad.column);
}

const RULES = {
  puzzle: {
    maxLength: MAX_PUZZLE_LENGTH,
    allowed: PUZZLE_CHAR,
    allowedText:
      "a puzzle id is written with a–z, 0–9 and _ (a puzzle by its description goes in description=)",
  },
  description: {
    maxLength: MAX_DESCRIPTION_LENGTH,
    allowed: /[\x20-\x7e]/,
    allowedText: "a description is written in ASCII, e.g. c f 0.25 f 0.75 f 0",
  },
  facelets: {
    maxLength: MAX_FACELETS_LENGTH,
    allowed: FACELET_CHAR,
    allowedText: "facelets are face letters (A–Z, a–z, 0–9), one per sticker",
  },
  state: {
    maxLength: MAX_FACELETS_LENGTH,
    allowed: /[A-Za-z0-9/]/,
    allowedText: "a state is the engine's state text: letters, digits and /",
  },
  moves: {
    maxLength: MAX_MOVES_LENGTH,
    allowed: NOTATION_CHAR,
    allowedText: "moves are written in ASCII (use ' for a prime)",
  },
  // Both in the engine's text formats: digits and sticker names, spaces, labels, comments.
  numbering: {
    maxLength: MAX_NUMBERING_LENGTH,
    allowed: NOTATION_CHAR,
    allowedText: "a numbering is written in ASCII (digits 1–9, one per sticker)",
  },
  groups: {
    maxLength: MAX_NUMBERING_LENGTH,
    allowed: NOTATION_CHAR,
    allowedText: "groups are sticker names in ASCII (F0 L0 R0 …; …)",
  },
  view: {
    maxLength: MAX_VIEW_LENGTH,
    allowed: /[\x21-\x7e]/,
    allowedText: "a view setting is a word or a number in ASCII, e.g. back-view=corner",
  },
  appearance: {
    maxLength: MAX_APPEARANCE_LENGTH,
    allowed: /[\x20-\x7e]/,
    allowedText: "it is written in ASCII (e.g. OLL, grey: U, U:white F:#0a0)",
  },
};

/** The view parameters given, {name: text}, or a failure. */
function checkView(view) {
  for (const [param, value] of Object.entries(view)) {
    if (!VIEW_PARAMS.includes(param)) {
      return failure(param, `${param} is not a view setting (use ${VIEW_PARAMS.join(", ")})`);
    }
    if (typeof value !== "string") return failure(param, `${param} is not text`);
    const problem = checkValue(param, value.trim(), RULES.view);
    if (problem) return problem;
  }
  return null;
}

/** The appearance parameters given: {stickering: "OLL", …}, or a failure. */
function checkAppearance(values) {
  const appearance = {};
  for (const param of APPEARANCE_PARAMS) {
    const value = (values[param] ?? "").trim();
    if (value === "") continue;
    const problem = checkValue(param, value, RULES.appearance);
    if (problem) return problem;
    appearance[param] = value;
  }
  return { appearance };
}

function checkPuzzle(puzzle) {
  if (puzzle === "") return failure("puzzle", "puzzle is empty: name the puzzle, e.g. pyraminx");
  return checkValue("puzzle", puzzle, RULES.puzzle);
}

function checkDescription(description) {
  if (description === "") {
    return failure("description", "description is empty: describe the puzzle, e.g. c f 0");
  }
  return checkValue("description", description, RULES.description);
}

/** A step: {step} (a whole number) or a failure. */
function readStep(text) {
  if (text === undefined || text === "") return { step: 0 };
  if (!/^\d+$/.test(text) || text.length > MAX_STEP_DIGITS) {
    return failure("step", `step is "${text}": a whole number of moves played, e.g. step=3`);
  }
  return { step: Number(text) };
}

function checkFacelets(facelets) {
  if (facelets === "") return failure("facelets", "facelets is empty: one letter per sticker");
  return checkValue("facelets", facelets, RULES.facelets);
}

const checkMoves = (param, moves) => checkValue(param, moves, RULES.moves);

/** One value per parameter: repeats must agree. {values} or a failure. */
function readParams(searchParams) {
  const values = {};
  for (const param of SHARE_PARAMS) {
    const all = [...new Set(searchParams.getAll(param))];
    if (all.length > 1) {
      return failure(param, `${param} is given ${all.length} different values; give it once`);
    }
    if (all.length === 1) values[param] = all[0];
  }
  return { values };
}

/**
 * Reads a share link.
 * @param {string | URL} url  an absolute address, or a relative one such as "?puzzle=pyraminx"
 * @returns {null | {ok: true, puzzle: string, description: string, position: null |
 *   {facelets: string} | {setup: string} | {state: string}, solution: string, isSolution: boolean, step: number,
 *   numbering: string, groups: string, view: {[attribute]: string}, appearance: {stickering?,
 *   mask?, colors?, scheme?}} | {ok: false, param: string, error: string, column?: number}}
 *   `solution` holds the moves given as solution or alg, `isSolution` whether they came as
 *   solution (an alg is moves, not a solution); `view` holds the
 *   view parameters given (VIEW_PARAMS), `appearance` the appearance parameters given
 *   (APPEARANCE_PARAMS); `puzzle` is the engine's name of the puzzle: the id, or the description
 *   when one is given (then also in `description`, else ""); numbering and groups are "" when
 *   not given
 *   null when the address has none of the share parameters; `param` is "link" when the address
 *   as a whole is refused, else the parameter at fault; `column` counts characters from 1.
 *   Never throws.
 */
export function decodeShareLink(url) {
  if (typeof url !== "string" && !(url instanceof URL)) {
    return failure("link", `the link is not text (got ${url === null ? "null" : typeof url})`);
  }
  const text = String(url);
  if (text.length > MAX_LINK_LENGTH) {
    return failure(
      "link",
      `the link is ${text.length} characters long; at most ${MAX_LINK_LENGTH}`,
    );
  }
  let parsed;
  try {
    parsed = new URL(text, "https://polytwist.invalid/");
  } catch {
    return failure("link", "the link is not a valid web address");
  }
  if (!PUZZLE_PARAMS.some((param) => parsed.searchParams.has(param))) return null;

  const read = readParams(parsed.searchParams);
  if (!read.values) return read;
  const {
    puzzle,
    facelets,
    setup,
    state,
    solution,
    alg,
    numbering = "",
    groups = "",
  } = read.values;
  const description = read.values.description?.trim();
  const stepRead = readStep(read.values.step);
  if (puzzle === undefined && description === undefined) {
    return failure(
      "puzzle",
      "puzzle is missing: a share link names its puzzle, e.g. puzzle=pyraminx, or describes it",
    );
  }
  const positions = [facelets, setup, state].filter((given) => given !== undefined);
  if (positions.length > 1) {
    return failure(
      setup === undefined ? "state" : "setup",
      "more than one of facelets, setup and state is given: a link has one position",
    );
  }
  const solutionText = (solution ?? "").trim();
  const algText = (alg ?? "").trim();
  if (solution !== undefined && alg !== undefined && solutionText !== algText) {
    return failure("alg", "solution and alg differ: alg is another name for solution");
  }
  const setupText = (setup ?? "").trim();
  const problem =
    (description === undefined ? checkPuzzle(puzzle) : checkDescription(description)) ??
    (facelets === undefined ? null : checkFacelets(facelets)) ??
    checkMoves("setup", setupText) ??
    (state === undefined ? null : checkValue("state", state.trim(), RULES.state)) ??
    (solution === undefined ? checkMoves("alg", algText) : checkMoves("solution", solutionText)) ??
    checkValue("numbering", numbering, RULES.numbering) ??
    checkValue("groups", groups, RULES.groups) ??
    (stepRead.ok === false ? stepRead : null);
  const view = Object.fromEntries(
    VIEW_PARAMS.filter((param) => param in read.values).map((p) => [p, read.values[p].trim()]),
  );
  if (problem) return problem;
  const viewProblem = checkView(view);
  if (viewProblem) return viewProblem;
  const { appearance, ...appearanceProblem } = checkAppearance(read.values);
  if (!appearance) return appearanceProblem;

  let position = null;
  if (facelets !== undefined) position = { facelets };
  else if (setupText !== "") position = { setup: setupText };
  else if ((state ?? "").trim() !== "") position = { state: state.trim() };
  const moves = solution === undefined ? algText : solutionText;
  const { step } = stepRead;
  if (step > 0 && moves === "") {
    return failure("step", `step=${step} needs a solution to step through`);
  }
  return {
    ok: true,
    puzzle: description ?? puzzle,
    description: description ?? "",
    position,
    solution: moves,
    isSolution: solution !== undefined,
    step,
    numbering,
    groups,
    view,
    appearance,
  };
}

/** A query value: spaces as `+`, the rest percent-encoded except A–Z a–z 0–9 - _ . ! ~ * ' ( ). */
const encodeValue = (value) => encodeURIComponent(value).replace(/%20/g, "+");

function readPosition(position) {
  if (position === null || position === undefined) return { params: [] };
  const isText = (value) => typeof value === "string";
  const keys = typeof position === "object" ? Object.keys(position) : [];
  if (keys.length === 1 && keys[0] === "facelets" && isText(position.facelets)) {
    const problem = checkFacelets(position.facelets);
    return problem ?? { params: [["facelets", position.facelets]] };
  }
  if (keys.length === 1 && keys[0] === "setup" && isText(position.setup)) {
    const setup = position.setup.trim();
    const problem = checkMoves("setup", setup);
    return problem ?? { params: setup === "" ? [] : [["setup", setup]] };
  }
  if (keys.length === 1 && keys[0] === "state" && isText(position.state)) {
    const state = position.state.trim();
    const problem = checkValue("state", state, RULES.state);
    return problem ?? { params: state === "" ? [] : [["state", state]] };
  }
  return failure(
    "position",
    "position is {facelets: string}, {setup: string}, {state: string} or null",
  );
}

/**
 * Writes a share link: `baseUrl` (its other query parameters kept, its fragment dropped) with the
 * puzzle (by id, or by description), position and solution (and how many of its moves were
 * played), a numbered puzzle's numbering and groups, and the player's view attributes (`view`,
 * {name: text} with names from VIEW_PARAMS) and appearance attributes (`appearance`, names
 * from APPEARANCE_PARAMS). Moves that are no solution are given as `alg` (the player element's
 * name), and written so.
 * @param {string | URL} baseUrl  e.g. location.href
 * @param {{puzzle?: string, description?: string,
 *   position?: null | {facelets: string} | {setup: string} | {state: string},
 *   solution?: string, alg?: string, step?: number, numbering?: string, groups?: string,
 *   view?: {[attribute: string]: string},
 *   appearance?: {stickering?: string, mask?: string, colors?: string, scheme?: string}}} link
 * @returns {{ok: true, url: string} | {ok: false, param: string, error: string, column?: number}}
 *   Never throws.
 */
export function encodeShareLink(
  baseUrl,
  {
    puzzle,
    description,
    position = null,
    solution,
    alg,
    step = 0,
    numbering = "",
    groups = "",
    view = {},
    appearance = {},
  } = {},
) {
  let url;
  try {
    url = new URL(String(baseUrl));
  } catch {
    return failure("baseUrl", "the base address is not a valid absolute web address");
  }
  if (description !== undefined) {
    if (puzzle !== undefined) {
      return failure("description", "both puzzle and description are given: a link names one");
    }
    if (typeof description !== "string") return failure("description", "description is not text");
    const problem = checkDescription(description.trim());
    if (problem) return problem;
  } else {
    if (typeof puzzle !== "string") return failure("puzzle", "puzzle is missing or not text");
    const puzzleProblem = checkPuzzle(puzzle);
    if (puzzleProblem) return puzzleProblem;
  }
  const positionParams = readPosition(position);
  if (!positionParams.params) return positionParams;
  for (const [param, value] of [
    ["solution", solution],
    ["alg", alg],
  ]) {
    if (value !== undefined && typeof value !== "string") {
      return failure(param, `${param} is not text`);
    }
  }
  const moves = (solution ?? alg ?? "").trim();
  if (solution !== undefined && alg !== undefined && moves !== alg.trim()) {
    return failure("alg", "solution and alg differ: alg is another name for solution");
  }
  const movesProblem = checkMoves("solution", moves);
  if (movesProblem) return movesProblem;
  if (!Number.isSafeInteger(step) || step < 0 || String(step).length > MAX_STEP_DIGITS) {
    return failure("step", "step is a whole number of moves played");
  }
  if (step > 0 && moves === "") return failure("step", "step needs a solution to step through");
  const labels = [
    ["numbering", numbering],
    ["groups", groups],
  ];
  for (const [param, value] of labels) {
    if (typeof value !== "string") return failure(param, `${param} is not text`);
    const problem = checkValue(param, value.trim(), RULES[param]);
    if (problem) return problem;
  }

  if (typeof view !== "object" || view === null) return failure("view", "view is not an object");
  const viewProblem = checkView(view);
  if (viewProblem) return viewProblem;
  const styled = checkAppearance(appearance ?? {});
  if (!styled.appearance) return styled;

  for (const param of SHARE_PARAMS) url.searchParams.delete(param);
  const kept = url.searchParams.toString();
  url.search = "";
  url.hash = "";
  const movesParam = solution === undefined && alg !== undefined ? "alg" : "solution";
  const params = [...positionParams.params, ...(moves ? [[movesParam, moves]] : [])];
  if (step > 0) params.push(["step", String(step)]);
  for (const [param, value] of labels) if (value.trim()) params.push([param, value.trim()]);
  for (const param of VIEW_PARAMS) if (param in view) params.push([param, view[param].trim()]);
  params.push(...Object.entries(styled.appearance));
  params.push(description === undefined ? ["puzzle", puzzle] : ["description", description.trim()]);
  const query = params.map(([param, value]) => `${param}=${encodeValue(value)}`).join("&");
  const link = `${url.href}?${kept ? `${kept}&` : ""}${query}`;
  if (link.length > MAX_LINK_LENGTH) {
    return failure(
      "link",
      `the link would be ${link.length} characters long; at most ${MAX_LINK_LENGTH}`,
    );
  }
  return { ok: true, url: link };
}
