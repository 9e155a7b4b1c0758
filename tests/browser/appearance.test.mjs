// Stickering masks and sticker colours on <polytwist-player> (docs/embedding.md): the picture
// before the player starts, the 3D view's pixels at each sticker (a mask following its pieces, a
// preset and colours by face on the 3x3x3 and the Pyraminx), the colour editor's palette and an
// export agreeing, a change of attribute restyling the puzzle shown, and each mistake named.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { assertNoProblems, browserSession, canvasImage } from "../js/browser.mjs";

const TEST = { timeout: 120_000 };
const session = browserSession();
const GREY = "#7f7f7f";
const PLASTIC = "#1b1b1b";

const hexToRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/**
 * What each visible sticker of player `id` shows on its canvas: the nearest of its faces'
 * colours in use (puzzleInfo), grey and the plastic, each at the shade the lights may give.
 */
async function shownColours(page, id) {
  const player = `polytwist-player#${id}`;
  const { points, faces } = await page.locator(player).evaluate(async (el) => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    return {
      points: el.stickerScreenPoints().filter((p) => p.visible && p.facing > 0.3),
      faces: el.puzzleInfo.faces,
    };
  });
  const { samples } = await canvasImage(page, points, player);
  const palette = [
    ...faces.map(({ name, colour }) => [name, hexToRgb(colour)]),
    ["grey", hexToRgb(GREY)],
    ["plastic", hexToRgb(PLASTIC)],
  ];
  const shown = new Map();
  points.forEach(({ facelet }, i) => {
    const rgb = samples[i];
    const distance = (c) => {
      const norm = c.reduce((sum, v) => sum + v * v, 0) || 1;
      const shade = Math.min(1.15, Math.max(0.6, c.reduce((s, v, k) => s + v * rgb[k], 0) / norm));
      return c.reduce((sum, v, k) => sum + (shade * v - rgb[k]) ** 2, 0);
    };
    shown.set(facelet, palette.reduce((a, b) => (distance(a[1]) <= distance(b[1]) ? a : b))[0]);
  });
  return shown;
}

describe("stickering masks and sticker colours", () => {
  it(
    "draws masks and schemes in the picture, the 3D view, the editor and exports",
    TEST,
    async () => {
      const { page, problems } = await session.open({ viewport: { width: 1000, height: 1400 } });
      await page.goto(new URL("fixtures/stickering.html", session.site.url).href);
      // A player whose every appearance attribute is wrong is still pictured (without them) before
      // it starts.
      const badPicture = await page.locator("polytwist-player#bad").evaluate(async (el) => {
        const svg = () => el.shadowRoot.querySelector("#picture svg");
        while (!svg()) await new Promise((resolve) => setTimeout(resolve, 50));
        return [...svg().querySelectorAll("[data-f]")].map((path) => path.getAttribute("fill"));
      });
      assert.equal(badPicture.length, 27);
      assert.ok(!badPicture.includes(GREY));
      for (const id of ["oll", "pyraminx", "blind", "bad"]) {
        await page.locator(`polytwist-player#${id}`).evaluate((el) => el.ready);
      }

      // The picture before the player starts: OLL on the solved cube, the U face white and the
      // F and R faces grey.
      const fills = await page
        .locator("polytwist-player#still")
        .evaluate((el) =>
          [...el.shadowRoot.querySelectorAll("[data-f]")].map((path) => path.getAttribute("fill")),
        );
      assert.equal(fills.filter((fill) => fill === "#ffffff").length, 9);
      assert.equal(fills.filter((fill) => fill === GREY).length, 18);

      // OLL after R': the U layer's right column went down the front, so F2, F5 and F8 show
      // white U stickers (the URF corner's, the UR edge's, the UBR corner's); the stickers that
      // came up from the back to U2, U5 and U8 are grey, as is the rest of F.
      const oll = await shownColours(page, "oll");
      assert.deepEqual(
        [0, 4, 2, 5, 8, 20, 23, 26, 21, 22].map((f) => oll.get(f)),
        ["U", "U", "grey", "grey", "grey", "U", "U", "U", "grey", "grey"],
      );
      // The attribute changed: the whole cube in colour again, the position kept.
      await page.locator("polytwist-player#oll").evaluate(async (el) => {
        el.stickering = "";
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const plain = await shownColours(page, "oll");
      assert.deepEqual(
        [20, 22, 8].map((f) => plain.get(f)),
        ["U", "F", "B"],
      );

      // The Pyraminx: its F face grey but F0 hidden (plastic), its R face magenta.
      const info = await page
        .locator("polytwist-player#pyraminx")
        .evaluate((el) => el.puzzleInfo.faces);
      assert.equal(info.find((face) => face.name === "R").colour, "#ff00ff");
      const pyraminx = await shownColours(page, "pyraminx");
      const names = await page.locator("polytwist-player#pyraminx").evaluate((el) => el.facelets);
      let checked = 0;
      for (const [facelet, shown] of pyraminx) {
        const face = names[facelet];
        const expected = facelet === 0 ? "plastic" : face === "F" ? "grey" : face;
        assert.equal(shown, expected, `Pyraminx sticker ${facelet}`);
        checked++;
      }
      assert.ok(checked >= 8, `only ${checked} Pyraminx stickers seen`);
      const seen = new Set(pyraminx.values());
      for (const look of ["grey", "plastic", "R"]) assert.ok(seen.has(look), `no ${look} seen`);
      // Its engine net, exported, is masked and coloured alike.
      const net = await page.locator("polytwist-player#pyraminx").evaluate(async (el) => {
        const blob = await el.exportImage({ format: "svg", view: "net", size: 200 });
        return blob.text();
      });
      assert.match(net, /fill="none" data-f="0"/);
      assert.match(net, /fill="#7f7f7f" data-f="1"/);
      assert.match(net, /fill="#ff00ff"/);

      // Okabe and Ito's colours, U in CSS's hotpink; the colour editor's palette agrees.
      const blind = await shownColours(page, "blind");
      const blindFaces = await page
        .locator("polytwist-player#blind")
        .evaluate((el) => el.puzzleInfo.faces);
      assert.deepEqual(
        blindFaces.map(({ colour }) => colour),
        ["#ff69b4", "#d55e00", "#009e73", "#f0e442", "#e69f00", "#0072b2"],
      );
      const blindFacelets = await page
        .locator("polytwist-player#blind")
        .evaluate((el) => el.facelets);
      for (const [facelet, shown] of blind) assert.equal(shown, blindFacelets[facelet]);
      const swatches = await page.locator("polytwist-player#blind").evaluate(async (el) => {
        await el.editColours();
        return [...el.shadowRoot.querySelectorAll("[role=radio]")].map(
          (swatch) => getComputedStyle(swatch.querySelector("*") ?? swatch).backgroundColor,
        );
      });
      assert.ok(swatches.includes("rgb(0, 158, 115)"), `palette: ${swatches.join(", ")}`);

      // Every mistake named, with the engine's column for the mask.
      const messages = await page
        .locator("polytwist-player#bad")
        .evaluate((el) => el.shadowRoot.querySelector("[part~=messages]").textContent);
      for (const expected of [
        'stickering="XLL": the Rubik\'s Cube 3x3x3 has no stickering "XLL" (use F2L, LL, OLL',
        `mask="grey: U Q": 'Q' names no stickers of cube3`,
        'colors="U:bluish": "bluish" (face U, character 1) is not a CSS colour',
        'scheme="dark": use one of high-contrast, colour-blind (the page\'s light or dark theme is colour-scheme)',
      ]) {
        assert.ok(messages.includes(expected), `no "${expected}" in: ${messages}`);
      }
      assertNoProblems(problems.filter((text) => !text.includes("<polytwist-player>")));
    },
  );
});
