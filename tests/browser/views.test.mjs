// The player's views (issue 25) in headless Chromium, on the 3x3x3 (a full player) and the
// Pyraminx (a playback one) of one page (fixtures/views.html), kept open for every test: the back
// view, mirror, the net view and its switch, camera-latitude and camera-longitude, hint stickers,
// and the messages for bad values. Colours are found on the canvases by the puzzle's own face
// colours, so nothing here knows a colour scheme.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";

import omggif from "omggif";

import {
  assertCanvasShowsFacelets,
  assertNoProblems,
  drawnBox,
  openPage,
  startSite,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const PLAYERS = ["#cube", "#pyraminx"];

let site;
let page;
let problems;

before(async () => {
  site = await startSite();
  ({ page, problems } = await openPage(site.browser, { viewport: { width: 1000, height: 900 } }));
  await page.goto(`${site.url}fixtures/views.html`);
  for (const id of PLAYERS) await page.locator(id).evaluate((el) => el.ready);
});

after(async () => {
  await site?.close();
});

/**
 * Sets a player's attributes (null removes one), goes back to the solved start, and waits two
 * frames, so that what the attributes change has been drawn.
 */
function show(id, attributes, moves = "") {
  return page.locator(id).evaluate(
    async (el, [wanted, turns]) => {
      for (const [name, value] of Object.entries(wanted)) {
        if (value === null) el.removeAttribute(name);
        else el.setAttribute(name, value);
      }
      await el.setState("");
      if (turns) await el.turn(turns);
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    },
    [attributes, moves],
  );
}

const PLAIN = {
  "back-view": null,
  mirror: null,
  view: null,
  "hint-stickers": null,
  "camera-latitude": null,
  "camera-longitude": null,
  camera: null,
  mask: null,
};

/**
 * Per face letter: the mean x of its visible stickers on the main view (absent: none visible),
 * counting those seen at least `minFacing` head-on (0: the slivers seen edge-on too).
 */
function facesSeen(id, minFacing = 0.2) {
  return page.locator(id).evaluate((el, least) => {
    const xs = {};
    for (const point of el.stickerScreenPoints()) {
      if (!point.visible || point.facing < least) continue;
      (xs[el.facelets[point.facelet]] ??= []).push(point.x);
    }
    return Object.fromEntries(
      Object.entries(xs).map(([face, list]) => [face, list.reduce((a, b) => a + b) / list.length]),
    );
  }, minFacing);
}

/** The face turned farthest away from the main view's eye. */
const backFace = (id) =>
  page.locator(id).evaluate((el) => {
    const facing = {};
    for (const point of el.stickerScreenPoints()) {
      (facing[el.facelets[point.facelet]] ??= []).push(point.facing);
    }
    const mean = (list) => list.reduce((a, b) => a + b) / list.length;
    return Object.keys(facing).reduce((a, b) => (mean(facing[a]) <= mean(facing[b]) ? a : b));
  });

const faceColours = (id) =>
  page
    .locator(id)
    .evaluate((el) => Object.fromEntries(el.puzzleInfo.faces.map((f) => [f.name, f.colour])));

/**
 * For each of `hexes`, the share of a canvas's pixels (a shadow part of player `id`) that show it
 * at some shade the lights give it (from 55 % to 105 % of the colour); one screenshot.
 */
async function colourShares(id, part, hexes) {
  const canvas = page.locator(id).locator(part);
  const png = await canvas.screenshot();
  return page.evaluate(
    async ([base64, colours]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const scratch = new OffscreenCanvas(image.width, image.height);
      const context = scratch.getContext("2d");
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      return colours.map((colour) => {
        const c = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
        const norm = c.reduce((sum, v) => sum + v * v, 0);
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          const p = [data[i], data[i + 1], data[i + 2]];
          const shade = p.reduce((sum, v, k) => sum + v * c[k], 0) / norm;
          if (shade < 0.55 || shade > 1.05) continue;
          const miss = p.reduce((sum, v, k) => sum + (v - shade * c[k]) ** 2, 0);
          if (miss < 30 * 30) count++;
        }
        return count / (data.length / 4);
      });
    },
    [png.toString("base64"), hexes],
  );
}

const messages = (id) =>
  page
    .locator(id)
    .evaluate((el) =>
      Object.fromEntries(
        [...el.shadowRoot.querySelectorAll("#messages li")].map((li) => [
          li.dataset.source,
          li.textContent,
        ]),
      ),
    );

/**
 * A player of `puzzle` at camera longitude `longitude` added to the page: the faces its picture
 * shows and the box round its drawing [left, top, right, bottom], then the same once started in
 * 3D (the faces it shows at least a little head-on); the player is taken off again.
 */
async function pictureThen3D(puzzle, longitude) {
  const shown = await page.evaluate(
    async ([id, angle]) => {
      const player = document.createElement("polytwist-player");
      Object.assign(player, { puzzle: id, cameraLongitude: angle });
      player.setAttribute("size", "260");
      document.body.prepend(player);
      const root = player.shadowRoot;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let shapes = null;
      while (!(shapes = root.querySelector("#picture:not([hidden]) svg g"))) await frame();
      const box = (rect) => [rect.left, rect.top, rect.right, rect.bottom].map(Math.round);
      const pictured = box(shapes.getBoundingClientRect());
      const drawnFacelets = [...shapes.querySelectorAll("[data-f]")].map((p) =>
        Number(p.dataset.f),
      );
      await player.ready;
      await frame();
      await frame();
      const faceSet = (facelets) =>
        [...new Set(facelets.map((f) => player.facelets[f]))].sort().join("");
      const pictureFaces = faceSet(drawnFacelets);
      const viewFaces = faceSet(
        player
          .stickerScreenPoints()
          .filter((point) => point.visible && point.facing > 0.05)
          .map((point) => point.facelet),
      );
      return { pictureFaces, viewFaces, pictured };
    },
    [puzzle, longitude],
  );
  const player = page.locator("body > polytwist-player").first();
  const seen = (await drawnBox(player.locator("#view"))).map(Math.round);
  await player.evaluate((el) => el.remove());
  return { ...shown, seen };
}

describe("player views", () => {
  it(
    "back view: the face turned away from the main view, drawn behind, updated by turns",
    TEST,
    async () => {
      for (const [id, where] of [
        ["#cube", "corner"],
        ["#pyraminx", "side-by-side"],
      ]) {
        await show(id, PLAIN);
        const backView = page.locator(id).locator("#back-view");
        assert.equal(await backView.isVisible(), false, `${id}: no back view by default`);
        const back = await backFace(id);
        const colour = (await faceColours(id))[back];
        const [onView] = await colourShares(id, "#view", [colour]);
        assert.ok(onView < 0.001, `${id}: ${back} hidden`);

        await show(id, { "back-view": where });
        assert.ok(await backView.isVisible(), `${id}: back view ${where}`);
        const [share] = await colourShares(id, "#back-view", [colour]);
        assert.ok(share > 0.01, `${id}: face ${back} covers ${share} of the back view`);
        // A turn is drawn there too.
        const before = await backView.screenshot();
        const move = await page.locator(id).evaluate((el) => el.puzzleInfo.moves[0]);
        await show(id, {}, move);
        assert.ok(!before.equals(await backView.screenshot()), `${id}: ${move} on the back view`);
      }
      assertNoProblems(problems);
    },
  );

  it("mirror: the face drawn rightmost is drawn leftmost, in its own colours", TEST, async () => {
    for (const id of PLAYERS) {
      await show(id, PLAIN);
      const plain = await facesSeen(id);
      const byX = Object.keys(plain).sort((a, b) => plain[a] - plain[b]);
      const [left, right] = [byX[0], byX.at(-1)];
      await show(id, { mirror: "" });
      const mirrored = await facesSeen(id);
      assert.ok(mirrored[right] < mirrored[left], `${id}: ${JSON.stringify({ plain, mirrored })}`);
      await assertCanvasShowsFacelets(page, id);
    }
    assertNoProblems(problems);
  });

  it(
    "net view: the position's colours as moves play, and the full player's switch",
    TEST,
    async () => {
      for (const id of PLAYERS) {
        await show(id, { ...PLAIN, view: "net" });
        const move = await page.locator(id).evaluate((el) => el.puzzleInfo.moves[0]);
        await show(id, {}, move);
        const net = await page.locator(id).evaluate((el) => {
          const colours = Object.fromEntries(el.puzzleInfo.faces.map((f) => [f.name, f.colour]));
          const stickers = [...el.shadowRoot.querySelectorAll("#net-view .sticker")];
          const view = el.shadowRoot.querySelector("#view");
          return {
            facelets: el.facelets,
            shown: stickers.map((s) => s.dataset.face).join(""),
            painted: stickers.every(
              (s) => getComputedStyle(s).fill === hexToRgb(colours[s.dataset.face]),
            ),
            canvasHidden: getComputedStyle(view).visibility === "hidden",
          };
          function hexToRgb(hex) {
            const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
            return `rgb(${r}, ${g}, ${b})`;
          }
        });
        assert.equal(net.shown, net.facelets, `${id}: the net shows the position after ${move}`);
        assert.ok(net.painted, `${id}: each sticker in its face's colour`);
        assert.ok(net.canvasHidden, `${id}: the net is shown instead of the 3D view`);
      }
      // The full player's switch: back to 3D and to the net again.
      const cube = page.locator("#cube");
      await cube.locator("#view-switch").click();
      assert.equal(await cube.getAttribute("view"), "3d");
      assert.equal(await cube.locator("#net-view").isVisible(), false);
      assert.equal(await cube.locator("#view-switch").textContent(), "Net");
      await cube.locator("#view-switch").click();
      assert.equal(await cube.getAttribute("view"), "net");
      assert.equal(await page.locator("#pyraminx").locator("#view-switch").isVisible(), false);

      // A numbered puzzle's net shows its digits, as the engine says the position shows them.
      const numbered = page.locator("#pyraminx");
      await numbered.evaluate((el) => el.setAttribute("puzzle", "numbered_pyraminx"));
      await show("#pyraminx", { view: "net" }, "R");
      const digits = await numbered.evaluate((el) => [
        el.digits,
        [...el.shadowRoot.querySelectorAll("#net-view .sticker text")].map((t) => t.textContent),
      ]);
      assert.equal(digits[0].length, 36);
      assert.equal(digits[1].join(""), digits[0]);
      await numbered.evaluate((el) => el.setAttribute("puzzle", "pyraminx"));
      assertNoProblems(problems);
    },
  );

  it(
    "camera-latitude and camera-longitude move the eye, over the camera option",
    TEST,
    async () => {
      for (const id of PLAYERS) {
        // The latitude wins over the camera option's elevation.
        await show(id, { ...PLAIN, camera: "elevation:60", "camera-latitude": "-60" });
        assert.ok("D" in (await facesSeen(id)), `${id}: D is seen from below`);
        await show(id, { "camera-latitude": "60" });
        assert.ok(!("D" in (await facesSeen(id))), `${id}: D is not seen from above`);
      }
      await show("#cube", { ...PLAIN, "camera-longitude": "0", "camera-latitude": "0" });
      assert.deepEqual(Object.keys(await facesSeen("#cube")), ["F"]);
      await show("#cube", { "camera-longitude": "180" });
      assert.deepEqual(Object.keys(await facesSeen("#cube")), ["B"]);
      assertNoProblems(problems);
    },
  );

  it("hint stickers: the hidden faces' colours float beyond the puzzle", TEST, async () => {
    // The Pyraminx from above, where its base is hidden (from the default view, a sliver shows).
    for (const [id, camera] of [
      ["#cube", {}],
      ["#pyraminx", { "camera-latitude": "40" }],
    ]) {
      await show(id, { ...PLAIN, ...camera });
      const seen = await facesSeen(id, 0);
      const colours = await faceColours(id);
      const hidden = Object.keys(colours).filter((face) => !(face in seen));
      const hiddenColours = hidden.map((face) => colours[face]);
      const without = await colourShares(id, "#view", hiddenColours);
      await show(id, { "hint-stickers": "" });
      const shares = await colourShares(id, "#view", hiddenColours);
      for (const [i, face] of hidden.entries()) {
        const [before, after] = [without[i], shares[i]];
        assert.ok(after > before + 0.003, `${id}: ${face} hints ${before} → ${after}`);
      }
      // The puzzle itself is drawn as before, hints or not.
      await assertCanvasShowsFacelets(page, id);
    }
    assertNoProblems(problems);
  });

  it(
    "come from embed.html's parameters and the app page's address, which keeps them",
    TEST,
    async () => {
      const other = await openPage(site.browser, { viewport: { width: 1000, height: 900 } });
      try {
        const embedded = other.page.locator("polytwist-player");
        // Read as the player's attributes before it starts (the net view is tested above).
        await other.page.goto(
          `${site.url}embed.html?puzzle=cube2&back-view=corner&mirror=true&view=net`,
        );
        await other.page.waitForFunction(() => customElements.get("polytwist-player"));
        assert.deepEqual(await embedded.evaluate((el) => [el.backView, el.mirror, el.view]), [
          "corner",
          true,
          "net",
        ]);

        await other.page.goto(
          `${site.url}?puzzle=cube2&view=net&hint-stickers=&camera-latitude=-20`,
        );
        const app = other.page.locator("polytwist-player");
        await app.evaluate((el) => el.ready);
        assert.deepEqual(
          await app.evaluate((el) => [el.view, el.hintStickers, el.cameraLatitude]),
          ["net", true, "-20"],
        );
        await app.locator("#view-switch").click(); // back to 3D: the address follows
        await other.page.waitForFunction(() => location.search.includes("view=3d"));
        assert.match(other.page.url(), /[?&]hint-stickers=&camera-latitude=-20&puzzle=cube2$/);
        assertNoProblems(other.problems);
      } finally {
        await other.page.close();
      }
    },
  );

  it(
    "net view: a mask greys and hides the stickers the 3D view does, following the pieces",
    TEST,
    async () => {
      for (const id of PLAYERS) {
        // Two faces' stickers by their colours: after a move they are spread over several faces.
        const [grey, hidden] = await page
          .locator(id)
          .evaluate((el) => el.puzzleInfo.faces.slice(0, 2).map((f) => f.name));
        await show(id, { ...PLAIN, view: "net", mask: `grey: ${grey}; hide: ${hidden}` });
        const move = await page.locator(id).evaluate((el) => el.puzzleInfo.moves[0]);
        await show(id, {}, move);
        const wrong = await page.locator(id).evaluate(
          (el, [greyFace, hiddenFace]) => {
            const colours = Object.fromEntries(el.puzzleInfo.faces.map((f) => [f.name, f.colour]));
            const rgb = (hex) =>
              `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
            // As the 3D view and the exports draw them (web/src/puzzles/materials.js).
            const expected = (face) =>
              face === greyFace
                ? ["rgb(127, 127, 127)", "greyed out"]
                : face === hiddenFace
                  ? ["rgb(27, 27, 27)", "hidden"]
                  : [rgb(colours[face]), null];
            return [...el.shadowRoot.querySelectorAll("#net-view .sticker")].flatMap((sticker) => {
              const face = el.facelets[Number(sticker.dataset.facelet)];
              const [fill, word] = expected(face);
              const label = sticker.getAttribute("aria-label");
              const shown = getComputedStyle(sticker).fill;
              return shown === fill && (!word || label.endsWith(`: ${word}`))
                ? []
                : [`${label} (a ${face} sticker) is ${shown}, not ${fill}`];
            });
          },
          [grey, hidden],
        );
        assert.deepEqual(wrong, [], `${id} after ${move}: ${wrong.join("; ")}`);
      }
      assertNoProblems(problems);
    },
  );

  it(
    "a player turned by one angle only starts where its picture showed the puzzle",
    TEST,
    async () => {
      // The picture keeps the angle not given as its own view has it, as the 3D view does, and
      // frames the puzzle as the 3D view turned so does (before, neither was turned).
      for (const [puzzle, longitude] of [
        ["cube3", "-30"],
        ["pyraminx", "0"],
      ]) {
        const shown = await pictureThen3D(puzzle, longitude);
        const context = `${puzzle} at longitude ${longitude}: ${JSON.stringify(shown)}`;
        assert.deepEqual(shown.pictureFaces, shown.viewFaces, `faces seen, ${context}`);
        // Left and right edges, and the middle from top to bottom: the near side of a Pyraminx
        // seen from the front looks larger in 3D than in the flat picture, its far corner smaller.
        const [left, top, right, bottom] = shown.pictured;
        const [left3d, top3d, right3d, bottom3d] = shown.seen;
        const apart = [left - left3d, right - right3d, (top + bottom - top3d - bottom3d) / 2];
        assert.ok(Math.max(...apart.map(Math.abs)) <= 6, `outlines apart, ${context}`);
      }
      assertNoProblems(problems);
    },
  );

  it("a Master Pyraminx's layers stay inside the view while they turn", TEST, async () => {
    // Its corner layers swing out beyond its outline as they turn (the 3D view's frame leaves
    // them room, as its picture does); the frames of an animation are the view's own poses.
    const id = "#pyraminx";
    const player = page.locator(id);
    await player.evaluate((el) => el.setAttribute("puzzle", "master_pyraminx"));
    await show(id, PLAIN);
    const touching = await player.evaluate(async (el) => {
      const wide = el.puzzleInfo.moves.filter((move) => /^[A-Z]w$/.test(move));
      el.alg = wide.map((move) => `${move} ${move}'`).join(" ");
      await el.ready;
      const size = 100;
      const blob = await el.exportAnimation({
        format: "gif",
        size,
        fps: 25,
        turnMs: 400,
        pauseMs: 0,
        holdMs: 0,
        background: "#ffffff",
      });
      return { bytes: [...new Uint8Array(await blob.arrayBuffer())], size, moves: wide };
    });
    await player.evaluate((el) => {
      el.alg = "";
      el.setAttribute("puzzle", "pyraminx");
    });
    const gif = new omggif.GifReader(Buffer.from(touching.bytes));
    const { size } = touching;
    const pixels = new Uint8Array(size * size * 4);
    const out = [];
    for (let frame = 0; frame < gif.numFrames(); frame++) {
      gif.decodeAndBlitFrameRGBA(frame, pixels);
      // The outermost ring of pixels: the white background only.
      for (let k = 0; k < size; k++) {
        for (const [x, y] of [
          [k, 0],
          [k, size - 1],
          [0, k],
          [size - 1, k],
        ]) {
          const i = (y * size + x) * 4;
          if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 3 * 200)
            out.push(`frame ${frame} (${x}, ${y})`);
        }
      }
    }
    assert.ok(touching.moves.length >= 4, touching.moves.join(" "));
    assert.deepEqual(out.slice(0, 5), [], `${out.length} pixels of a layer on the view's edge`);
    assertNoProblems(problems);
  });

  it("name the attribute and what it takes for every bad value", TEST, async () => {
    const id = "#pyraminx";
    await show(id, {
      ...PLAIN,
      "back-view": "behind",
      mirror: "yes",
      view: "flat",
      "hint-stickers": "1",
      "camera-latitude": "95",
      "camera-longitude": "east",
    });
    const shown = await messages(id);
    const expected = {
      "back-view": /^back-view="behind": use one of none, side-by-side, corner/,
      mirror: /^mirror="yes": use mirror alone \(on\), "true" or "false"/,
      view: /^view="flat": use one of 3d, net/,
      "hint-stickers": /^hint-stickers="1": use hint-stickers alone/,
      "camera-latitude": /^camera-latitude="95": use a number of degrees between -90 and 90/,
      "camera-longitude": /^camera-longitude="east": use a number of degrees from -360 to 360/,
    };
    for (const [source, pattern] of Object.entries(expected)) {
      assert.match(shown[source] ?? "", pattern, JSON.stringify(shown));
    }
    // Bad values leave the defaults: the 3D view, no back view.
    assert.ok(await page.locator(id).locator("#view").isVisible());
    assert.equal(await page.locator(id).locator("#back-view").isVisible(), false);
    await show(id, PLAIN);
    assert.deepEqual(await messages(id), {});
    assertNoProblems(problems);
  });
});
