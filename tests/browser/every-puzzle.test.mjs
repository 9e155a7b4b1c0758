// The app page's contracts over every colour puzzle the engine describes by its geometry
// (puzzleInfo `geometry: true`), one page each, listed by the engine itself so that a new puzzle is covered
// without a line here: Scramble plays the engine's scramble and draws it, a key turns the layer
// its letter names, a dragged sticker turns one of the engine's turns, a face seen head-on shows
// its stickers in their own colours and its plastic black (not washed out by the lighting), a mirrored piece in the
// colour editor is named with its stickers marked, and the position reopens from the address.
// One page goes from puzzle to puzzle by the puzzle picker, as a reader does, and is loaded afresh
// once per puzzle, from the scrambled puzzle's address (a fresh page after any failure).
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";

import {
  assertAddressReopens,
  assertCanvasShowsFacelets,
  assertNoProblems,
  browserSession,
  canvasImage,
  clickNetSticker,
  dragSticker,
  engineCall,
  fastTurns,
  gotoPuzzle,
  idle,
  openPage,
  playerData,
  stickerClientPoint,
  stickerColoursShown,
} from "../js/browser.mjs";
import { callJson, loadEngine } from "../js/engine.mjs";
import { problemInWords } from "../../web/src/edit/problem-words.js";

const session = browserSession();
/** The page the last puzzle left in good order (its address reopened), for the next puzzle. */
let shared = null;
const pages = [];
after(() => Promise.all(pages.map((page) => page.close())));
const TEST = { timeout: 90_000 };
/**
 * How far (RGB distance, 0–255 a channel) a sticker seen head-on may be drawn from its face's
 * colour: the pictures paint it exactly, and the lighting gives a face seen head-on its colour.
 */
const HEAD_ON_TOLERANCE = 12;
/** The pieces' plastic, #1b1b1b as the pictures paint it (web/src/puzzles/materials.js). */
const PLASTIC = [0x1b, 0x1b, 0x1b];

/**
 * Every colour puzzle the engine draws from its geometry (the hand-declared ones too, drawn from
 * their descriptions; a numbered puzzle has no colour editor and its own test,
 * numbered-pyraminx.test.mjs): [{id, geometry}].
 */
async function describedPuzzles() {
  const engine = await loadEngine();
  const { puzzles } = callJson(engine, "listPuzzles");
  return puzzles
    .filter(({ id }) => {
      const info = callJson(engine, "puzzleInfo", id);
      return info.geometry && !info.symbols;
    })
    .map(({ id }) => ({ id, geometry: callJson(engine, "puzzleGeometry", id).geometry }));
}

/**
 * Two stickers of one piece with different colours (a piece of the most stickers): painted the
 * other way round they make a mirrored piece, which no move sequence reaches on any puzzle.
 */
function mirroredPair({ pieces }, facelets) {
  const piece = [...pieces]
    .sort((a, b) => b.length - a.length)
    .find((stickers) => new Set(stickers.map((s) => facelets[s])).size >= 2);
  const first = piece[0];
  const second = piece.find((s) => facelets[s] !== facelets[first]);
  return [first, second];
}

/** The sticker drawn nearest the middle of the view: where a drag surely lands on the puzzle. */
async function middleSticker(page, count) {
  const points = await page
    .locator("#app")
    .evaluate((el) => ({ points: el.stickerScreenPoints(), rect: el.getBoundingClientRect() }));
  const middle = { x: points.rect.width / 2, y: points.rect.height / 2 };
  let best = -1;
  let bestDistance = Infinity;
  points.points.slice(0, count).forEach((p, index) => {
    const distance = Math.hypot(p.x - middle.x, p.y - middle.y);
    if (p.visible && distance < bestDistance) [best, bestDistance] = [index, distance];
  });
  return best;
}

const puzzles = await describedPuzzles();

describe("every puzzle drawn from its geometry", () => {
  it("the engine lists the puzzles drawn from geometry", () => {
    assert.ok(puzzles.length >= 13, `only ${puzzles.map((p) => p.id)}`);
  });

  for (const { id, geometry } of puzzles) {
    it(
      `${id}: scrambles, turns by key and drag, names a mirrored piece, reopens from its link`,
      TEST,
      () => checkPuzzle(id, geometry),
    );
  }
});

/**
 * Looks straight at the face of `geometry` nearest the horizontal (a pole is the orbit's limit)
 * and asserts that its stickers show their face's own colour: [{facelet, rgb, colour}] off.
 */
async function assertHeadOnColours(page, geometry, context) {
  const [x, y, z] = geometry.faces.reduce((a, b) =>
    Math.abs(a.normal[1]) <= Math.abs(b.normal[1]) ? a : b,
  ).normal;
  const degrees = (radians) => ((radians * 180) / Math.PI).toFixed(3);
  const camera = `azimuth:${degrees(Math.atan2(x, z))}; elevation:${degrees(Math.atan2(y, Math.hypot(x, z)))}`;
  await page.locator("#app").evaluate((el, value) => el.setAttribute("camera", value), camera);
  await idle(page);
  const colours = await page
    .locator("#app")
    .evaluate((el) => Object.fromEntries(el.puzzleInfo.faces.map((f) => [f.name, f.colour])));
  const rgbOf = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  // The face's stickers: its plane is square to the view (the headlight meets it head-on) though
  // the eye, near, sees those off the middle a little aslant.
  const shown = await stickerColoursShown(page, "#app");
  const headOn = shown.filter(({ facing }) => facing > 0.95);
  const facings = shown.map(({ facing }) => facing.toFixed(2));
  assert.ok(
    headOn.length > 1,
    context(`fewer than two stickers seen head-on from ${camera}: ${facings}`),
  );
  const off = headOn
    .map(({ facelet, rgb, expected }) => ({ facelet, rgb, colour: colours[expected] }))
    .filter(
      ({ rgb, colour }) =>
        Math.hypot(...rgb.map((v, k) => v - rgbOf(colour)[k])) > HEAD_ON_TOLERANCE,
    );
  assert.deepEqual(off, [], context(`stickers seen head-on from ${camera}, off their colour`));
  // The plastic between two neighbouring stickers seen head-on (the darkest of the points across
  // the middle of the line between their centres): its own black, not washed grey.
  const [a, b] = headOn
    .flatMap((p, i) => headOn.slice(i + 1).map((q) => [p, q]))
    .reduce((best, pair) => (gap(pair) < gap(best) ? pair : best));
  const across = Array.from({ length: 9 }, (_, i) => 0.3 + i * 0.05).map((t) => ({
    x: a.x + t * (b.x - a.x),
    y: a.y + t * (b.y - a.y),
  }));
  const { samples } = await canvasImage(page, across, "#app");
  const sum = (rgb) => rgb.reduce((total, v) => total + v, 0);
  const plastic = samples.reduce((darkest, rgb) => (sum(rgb) < sum(darkest) ? rgb : darkest));
  assert.ok(
    Math.hypot(...plastic.map((v, k) => v - PLASTIC[k])) <= HEAD_ON_TOLERANCE,
    context(`the plastic between stickers ${a.facelet} and ${b.facelet} is rgb(${plastic})`),
  );
}

/** The distance on the view between two stickers' centres. */
const gap = ([p, q]) => Math.hypot(p.x - q.x, p.y - q.y);

/** The app page showing `id`: the shared page switched by its picker, or a new page. */
async function pageShowing(id) {
  const current = shared;
  shared = null;
  if (current) {
    await current.page.selectOption("#puzzle", id);
    await current.page.waitForSelector(`#player[data-puzzle="${id}"][data-ready="true"]`, {
      timeout: 30_000,
    });
    await idle(current.page);
    return current;
  }
  const opened = await openPage(session.site.browser);
  pages.push(opened.page);
  await gotoPuzzle(opened.page, session.site.url, id);
  return opened;
}

async function checkPuzzle(id, geometry) {
  const { page, problems } = await pageShowing(id);
  const context = (what) => `${id}: ${what}`;
  const app = (name) => playerData(page, name);
  const reached = async (moves) => (await engineCall(page, "applyMoves", id, "", moves)).facelets;
  await fastTurns(page);
  const solved = await app("facelets");

  // A key: the first move named by one capital letter with no lower-case namesake.
  const tokens = geometry.turns.map((turn) => turn.token);
  const lettered = tokens.find((t) => /^[A-Z]$/.test(t) && !tokens.includes(t.toLowerCase()));
  if (lettered) {
    await page.locator("#view").focus();
    await page.keyboard.press(lettered.toLowerCase());
    await idle(page);
    assert.equal(await app("facelets"), await reached(lettered), context(`key ${lettered}`));
    await page.keyboard.press(`Alt+${lettered.toLowerCase()}`);
    await idle(page);
    assert.equal(await app("facelets"), solved, context(`Alt+${lettered} undoes ${lettered}`));
  }

  // A drag from the sticker nearest the middle turns one of the engine's turns.
  const sticker = await middleSticker(page, solved.length);
  assert.ok(sticker >= 0, context("no sticker in view"));
  const { visible } = await stickerClientPoint(page, "#app", sticker);
  assert.ok(visible, context(`sticker ${sticker} hidden`));
  await dragSticker(page, "#app", sticker, 45, 35);
  const dragged = await app("facelets");
  assert.notEqual(dragged, solved, context(`dragging sticker ${sticker} turned nothing`));
  let matched = "";
  for (const token of tokens) {
    if ((await reached(token)) === dragged) {
      matched = token;
      break;
    }
  }
  assert.ok(matched, context(`the drag from sticker ${sticker} is none of the engine's turns`));

  // Scramble: the engine's scramble, played and drawn.
  await page.click("#scramble");
  await idle(page, 60_000);
  const status = await page.textContent("#status");
  assert.match(status, /^Scrambled: /, context("status"));
  const scramble = status.replace(/^Scrambled: /, "").trim();
  assert.equal(await app("facelets"), await reached(scramble), context("scramble"));
  await assertCanvasShowsFacelets(page);
  await assertHeadOnColours(page, geometry, context);

  // The colour editor names a mirrored piece and marks its stickers.
  await page.click("#edit");
  await page.waitForSelector('.state-editor[data-validation="valid"]');
  const shown = await page.$$eval(".sticker-net .sticker", (nodes) =>
    nodes
      .sort((x, y) => x.dataset.facelet - y.dataset.facelet)
      .map((node) => node.dataset.face)
      .join(""),
  );
  const [a, b] = mirroredPair(geometry, shown);
  await page.click(`.swatch[data-face="${shown[b]}"]`);
  await clickNetSticker(page, a);
  await page.click(`.swatch[data-face="${shown[a]}"]`);
  await clickNetSticker(page, b);
  await page.waitForSelector('.state-editor[data-validation="invalid"]');
  const painted = [...shown];
  [painted[a], painted[b]] = [shown[b], shown[a]];
  const answer = await engineCall(page, "validate", id, painted.join(""));
  assert.equal(answer.ok, false, context(`stickers ${a} and ${b} swapped were accepted`));
  // Said in the editor's colours from the answer's problem, the precise message as its title.
  const { faces } = await engineCall(page, "puzzleInfo", id);
  const words = problemInWords(answer.problem, faces);
  assert.ok(words, context(`no words for ${JSON.stringify(answer.problem)}`));
  assert.equal(await page.textContent(".verdict"), words, context("verdict"));
  assert.equal(await page.getAttribute(".verdict", "title"), answer.error, context("title"));
  const marked = await page.$$eval(".sticker.error", (nodes) =>
    nodes.map((node) => Number(node.dataset.facelet)),
  );
  assert.deepEqual(
    marked,
    [...answer.stickers].sort((x, y) => x - y),
    context("marked"),
  );
  assert.equal(await page.isDisabled("#edit-done"), true, context("Done with an error"));
  assertNoProblems(problems);

  // The scrambled position reopens from the page's address (the editor changed nothing yet).
  await assertAddressReopens(session, page, { samePage: true });
  assertNoProblems(problems);
  shared = { page, problems };
}
