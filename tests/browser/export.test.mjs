// Exports of <polytwist-player> (docs/player.md, "Export"), in headless Chromium on the app page:
// a GIF of the alg with the frames its moves, turn time and frame rate need, whose last frame
// shows the engine's final position (decoded here with omggif, sampled at each sticker); a PNG of
// the size asked for that shows the position; an SVG with one polygon per sticker facing the
// camera, in its face's colour; the engine's net and flat pictures of the position; a WebM video
// (its magic bytes, its length); bad options and an abort rejected with messages that name them;
// the Export menu downloading a file.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";

import omggif from "omggif";

import { assertNoProblems, browserSession, gotoPuzzle } from "../js/browser.mjs";

const TEST = { timeout: 120_000 };
const session = browserSession();

// The Rubik's Cube from "R U" (the start), playing "R U R' U'": U, F and R, all in view, change.
const PUZZLE = "cube3";
const SETUP = "R U";
const ALG = "R U R' U'";

/**
 * Opens the app page and adds a square playback player of the test's puzzle, setup and alg at the
 * top of it; resolves once that player shows its start.
 */
async function openWithPlayer() {
  const { page, problems } = await session.open();
  await gotoPuzzle(page, session.site.url, PUZZLE);
  await page.evaluate(
    async ([puzzle, setup, alg]) => {
      const player = document.createElement("polytwist-player");
      player.id = "exported";
      Object.assign(player, { puzzle, setup, alg, controls: "playback" });
      document.body.prepend(player);
      window.scrollTo(0, 0);
      if (!(await player.ready)) throw new Error("the test player refused its attributes");
    },
    [PUZZLE, SETUP, ALG],
  );
  return { page, problems };
}

/**
 * What the exported picture must show, from the test player: each visible sticker's centre on
 * its view (as a fraction of the view's width and height), the face colours, and the facelets of
 * the start and of the end of the alg (the engine's, asked again here).
 */
function expectedPictures(page) {
  return page.evaluate(async () => {
    const player = document.querySelector("#exported");
    const canvas = player.shadowRoot.querySelector("#view");
    const points = player
      .stickerScreenPoints()
      .filter((p) => p.visible)
      .map(({ facelet, x, y }) => ({
        facelet,
        u: x / canvas.clientWidth,
        v: y / canvas.clientHeight,
      }));
    const start = player.movesStart;
    const end = await player.engine.applyMoves(player.puzzle, start.state, player.alg);
    return {
      points,
      aspect: canvas.clientWidth / canvas.clientHeight,
      faces: player.puzzleInfo.faces,
      startFacelets: start.facelets,
      endFacelets: end.facelets,
      moves: player.moves,
    };
  });
}

const hexToRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/**
 * The face each sticker shows on an RGBA picture (width × height): the median colour of a 5×5
 * patch at its centre, as the nearest face colour at the shade (0.6–1.15 of it, what the lights
 * give) that fits best, or "plastic" for the black.
 */
function facesShown(rgba, width, height, { points, faces }) {
  const palette = [...faces.map((f) => [f.name, hexToRgb(f.colour)]), ["plastic", [20, 20, 20]]];
  return points.map(({ facelet, u, v }) => {
    const patch = [];
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const x = Math.round(u * width) + dx;
        const y = Math.round(v * height) + dy;
        const i = (y * width + x) * 4;
        patch.push([rgba[i], rgba[i + 1], rgba[i + 2]]);
      }
    }
    const median = (c) => patch.map((p) => p[c]).sort((a, b) => a - b)[patch.length >> 1];
    const rgb = [0, 1, 2].map(median);
    const distance = (c) => {
      const dot = c.reduce((sum, value, k) => sum + value * rgb[k], 0);
      const norm = c.reduce((sum, value) => sum + value * value, 0);
      const shade = Math.min(1.15, Math.max(0.6, dot / norm));
      return c.reduce((sum, value, k) => sum + (shade * value - rgb[k]) ** 2, 0);
    };
    const [shown] = palette.reduce((a, b) => (distance(a[1]) <= distance(b[1]) ? a : b));
    return { facelet, rgb, shown };
  });
}

/** Checks that every sticker of `expected.points` shows the face `facelets` names for it. */
function assertShowsFacelets(rgba, width, height, expected, facelets, what) {
  const wrong = facesShown(rgba, width, height, expected)
    .filter(({ facelet, shown }) => shown !== facelets[facelet])
    .map(
      ({ facelet, rgb, shown }) =>
        `${what}: sticker ${facelet} shows rgb(${rgb}) ≈ ${shown}, not ${facelets[facelet]}`,
    );
  assert.deepEqual(wrong, [], wrong.join("\n"));
}

/** Runs `method` of the test player with `options` in the page: the Blob's bytes (base64). */
function exportBytes(page, method, options) {
  return page.evaluate(
    async ([name, given]) => {
      const player = document.querySelector("#exported");
      const progress = [];
      const blob = await player[name]({
        ...given,
        ...(name === "exportAnimation" && { onProgress: (p) => progress.push(p) }),
      });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return { type: blob.type, base64: btoa(binary), progress };
    },
    [method, options],
  );
}

/** The message a call of the test player's `method` with `options` is rejected with, or null. */
function rejection(page, method, options) {
  return page.evaluate(
    ([name, given]) =>
      document
        .querySelector("#exported")
        [name](given)
        .then(
          () => null,
          (err) => `${err.name}: ${err.message}`,
        ),
    [method, options],
  );
}

describe("export", () => {
  it(
    "a GIF has a frame per step of each turn plus the first hold, and ends on the final position",
    TEST,
    async () => {
      const { page, problems } = await openWithPlayer();
      const expected = await expectedPictures(page);
      assert.equal(expected.aspect, 1, "the test player's view is square");
      assert.deepEqual(expected.moves, ALG.split(" "));
      assert.notEqual(expected.startFacelets, expected.endFacelets);
      const options = { format: "gif", size: 240, fps: 20, turnMs: 300, pauseMs: 100, holdMs: 600 };
      const started = Date.now();
      const { type, base64, progress } = await exportBytes(page, "exportAnimation", options);
      const seconds = (Date.now() - started) / 1000;
      assert.equal(type, "image/gif");

      const gif = new omggif.GifReader(Buffer.from(base64, "base64"));
      assert.equal(gif.width, options.size);
      assert.equal(gif.height, options.size);
      // Each turn is drawn in turnMs × fps / 1000 frames (the last of them the position after it);
      // the start is one frame, held.
      const framesPerTurn = Math.round((options.turnMs * options.fps) / 1000);
      const frames = 1 + expected.moves.length * framesPerTurn;
      assert.equal(gif.numFrames(), frames, "frames: the start, then every frame of every turn");
      assert.equal(progress.length, frames);
      assert.deepEqual(progress.at(-1), { frame: frames, frames, fraction: 1 });
      // Delays in hundredths of a second: the holds, the turns and the pauses between them.
      const delays = Array.from({ length: frames }, (_, i) => gif.frameInfo(i).delay);
      const n = expected.moves.length;
      const totalMs =
        options.holdMs + n * options.turnMs + (n - 1) * options.pauseMs + options.holdMs;
      assert.equal(delays[0] * 10, options.holdMs, "the first picture is held");
      assert.equal(delays.at(-1) * 10, 1000 / options.fps + options.holdMs, "the last is held");
      assert.equal(
        delays.reduce((a, b) => a + b) * 10,
        totalMs,
        `delays ${delays.join(" ")} add up to the animation's length`,
      );

      const pixels = new Uint8Array(options.size * options.size * 4);
      const frame = (index) => {
        for (let i = 0; i <= index; i++) gif.decodeAndBlitFrameRGBA(i, pixels);
        return pixels;
      };
      const { size } = options;
      assertShowsFacelets(frame(0), size, size, expected, expected.startFacelets, "first frame");
      assertShowsFacelets(
        frame(frames - 1),
        size,
        size,
        expected,
        expected.endFacelets,
        "last frame",
      );
      console.log(
        `# GIF: ${frames} frames of ${size}×${size}, ${Math.round(base64.length * 0.75)} bytes, ` +
          `${expected.points.length} stickers checked, encoded in ${seconds.toFixed(1)} s`,
      );
      assertNoProblems(problems);
    },
  );

  it("a PNG has the size asked for and shows the position", TEST, async () => {
    const { page, problems } = await openWithPlayer();
    const expected = await expectedPictures(page);
    const shown = await page.evaluate(async () => {
      const blob = await document.querySelector("#exported").exportImage({ size: 300 });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d");
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      return { type: blob.type, width: bitmap.width, height: bitmap.height, data: [...data] };
    });
    assert.equal(shown.type, "image/png");
    assert.deepEqual([shown.width, shown.height], [300, 300]);
    assertShowsFacelets(shown.data, 300, 300, expected, expected.startFacelets, "PNG");
    // The player's background is transparent: so is the picture around the puzzle.
    assert.equal(shown.data[3], 0, "the corner is transparent");

    // With a back view, as the player shows it: beside the puzzle (twice as wide), or in the
    // bottom-left corner, with the faces hidden from the main view in it.
    const backShown = await page.evaluate(async () => {
      const player = document.querySelector("#exported");
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      player.backView = "side-by-side";
      await frame();
      const gif = await player.exportAnimation({ size: 40, fps: 5, turnMs: 200, holdMs: 0 });
      const gifHeader = new DataView(await gif.slice(6, 10).arrayBuffer());
      player.backView = "none";
      await player.setState(""); // solved: the faces turned away are wholly the back view's
      const back = player.stickerScreenPoints().filter((p) => !p.visible);
      const hidden = [...new Set(back.map((p) => player.facelets[p.facelet]))];
      const colours = player.puzzleInfo.faces.filter((f) => hidden.includes(f.name));
      const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      /** The share of the pixels of a box of an image that show one of the hidden faces. */
      const hiddenShare = (data, width, [x0, y0, x1, y1]) => {
        let count = 0;
        for (let y = y0; y < y1; y++) {
          for (let x = x0; x < x1; x++) {
            const i = (y * width + x) * 4;
            const near = colours.some(({ colour }) =>
              rgb(colour).every((v, k) => Math.abs(v - data[i + k]) < 40),
            );
            if (near && data[i + 3] > 200) count++;
          }
        }
        return count / ((x1 - x0) * (y1 - y0));
      };
      const picture = async (options) => {
        const blob = await player.exportImage(options);
        if (options.format === "svg") return { text: await blob.text() };
        const bitmap = await createImageBitmap(blob);
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
        context.drawImage(bitmap, 0, 0);
        const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        return { width: bitmap.width, height: bitmap.height, data };
      };
      await frame();
      const plain = await picture({ size: 200 });
      player.backView = "side-by-side";
      await frame();
      const beside = await picture({ size: 200 });
      const besideSvg = await picture({ size: 200, format: "svg" });
      player.backView = "corner";
      await frame();
      const corner = await picture({ size: 200 });
      player.backView = "none";
      // A mirrored player's picture is the plain one reflected left to right.
      player.mirror = true;
      await frame();
      const mirrored = await picture({ size: 200 });
      player.mirror = false;
      let reflected = 0;
      for (let y = 0; y < 200; y++) {
        for (let x = 0; x < 200; x++) {
          const [i, j] = [(y * 200 + x) * 4, (y * 200 + 199 - x) * 4];
          const miss = [0, 1, 2, 3].reduce(
            (sum, k) => sum + Math.abs(plain.data[i + k] - mirrored.data[j + k]),
            0,
          );
          if (miss < 40) reflected++;
        }
      }
      const cornerBox = [0, 100, 100, 200];
      return {
        hidden: hidden.join(""),
        plain: [plain.width, plain.height, hiddenShare(plain.data, 200, [0, 0, 200, 200])],
        beside: [
          beside.width,
          beside.height,
          hiddenShare(beside.data, 400, [0, 0, 200, 200]),
          hiddenShare(beside.data, 400, [200, 0, 400, 200]),
        ],
        reflected: reflected / (200 * 200),
        besideSvg: besideSvg.text.slice(0, 200),
        besideSvgStickers: (besideSvg.text.match(/data-facelet/g) ?? []).length,
        gif: [gifHeader.getUint16(0, true), gifHeader.getUint16(2, true)],
        corner: [
          corner.width,
          corner.height,
          hiddenShare(plain.data, 200, cornerBox),
          hiddenShare(corner.data, 200, cornerBox),
        ],
      };
    });
    const { hidden, plain, beside, corner, gif } = backShown;
    const context = JSON.stringify(backShown);
    assert.ok(hidden.length >= 3, `faces hidden from the view: ${hidden}`);
    assert.deepEqual(plain.slice(0, 2), [200, 200]);
    assert.ok(plain[2] < 0.001, `the main view shows none of ${hidden}: ${context}`);
    assert.deepEqual(beside.slice(0, 2), [400, 200], "side by side: twice as wide");
    assert.ok(beside[2] < 0.001 && beside[3] > 0.1, `the back view on the right: ${context}`);
    assert.match(backShown.besideSvg, /^<svg [^>]*width="400" height="200"/);
    assert.ok(backShown.besideSvgStickers >= 2 * 27, `SVG stickers of both views: ${context}`);
    assert.deepEqual(gif, [80, 40], "an animation side by side is twice as wide too");
    assert.deepEqual(corner.slice(0, 2), [200, 200]);
    assert.ok(corner[3] > corner[2] + 0.05, `the back view in the corner: ${context}`);
    assert.ok(backShown.reflected > 0.95, `a mirrored picture, reflected: ${context}`);
    assertNoProblems(problems);
  });

  it("an SVG draws each sticker facing the camera in its face's colour", TEST, async () => {
    const { page, problems } = await openWithPlayer();
    const expected = await expectedPictures(page);
    const svg = await page.evaluate(async () => {
      const blob = await document
        .querySelector("#exported")
        .exportImage({ format: "svg", size: 200, background: "#fafafa" });
      return { type: blob.type, text: await blob.text() };
    });
    assert.equal(svg.type, "image/svg+xml");
    assert.match(svg.text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="200" height="200"/);
    const stickers = [...svg.text.matchAll(/<polygon data-facelet="(\d+)" fill="(#\w+)"/g)];
    const colour = Object.fromEntries(expected.faces.map((f) => [f.name, f.colour.toLowerCase()]));
    assert.deepEqual(
      stickers.map(([, facelet]) => Number(facelet)).sort((a, b) => a - b),
      expected.points.map((p) => p.facelet).sort((a, b) => a - b),
      "the stickers drawn are those the view shows",
    );
    for (const [, facelet, fill] of stickers) {
      assert.equal(fill, colour[expected.startFacelets[facelet]], `sticker ${facelet}`);
    }
    assert.match(svg.text, /<rect width="100%" height="100%" fill="#fafafa"\/>/);
    assertNoProblems(problems);
  });

  it(
    "the engine's flat pictures (net, iso) show the position, as SVG and as PNG",
    TEST,
    async () => {
      const { page, problems } = await openWithPlayer();
      const expected = await expectedPictures(page);
      const colour = Object.fromEntries(
        expected.faces.map((f) => [f.name, f.colour.toLowerCase()]),
      );
      for (const view of ["net", "iso"]) {
        const svg = await page.evaluate(
          async (v) =>
            (
              await document
                .querySelector("#exported")
                .exportImage({ format: "svg", view: v, size: 300 })
            ).text(),
          view,
        );
        assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300"/);
        // The engine marks each sticker with its number (data-f): each has its facelet's colour.
        const stickers = [...svg.matchAll(/<path d="([^"]+)" fill="(#\w+)" data-f="(\d+)"/g)];
        assert.ok(stickers.length >= 27, `${view}: ${stickers.length} stickers drawn`);
        if (view === "net") assert.equal(stickers.length, expected.startFacelets.length);
        for (const [, , fill, facelet] of stickers) {
          assert.equal(
            fill,
            colour[expected.startFacelets[facelet]],
            `${view}: sticker ${facelet}`,
          );
        }
        if (view !== "net") continue;
        // The PNG is that SVG drawn: its size, and each sticker's colour at its centre.
        const png = await page.evaluate(async () => {
          const blob = await document
            .querySelector("#exported")
            .exportImage({ view: "net", size: 300 });
          const bitmap = await createImageBitmap(blob);
          const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
          context.drawImage(bitmap, 0, 0);
          const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
          return { type: blob.type, width: bitmap.width, height: bitmap.height, data: [...data] };
        });
        assert.equal(png.type, "image/png");
        const [, height] = svg.match(/height="(\d+)"/);
        assert.deepEqual([png.width, png.height], [300, Number(height)]);
        const wrong = stickers
          .map(([, path, fill, facelet]) => {
            const numbers = path.match(/-?[\d.]+/g).map(Number);
            const mean = (list) => list.reduce((a, b) => a + b) / list.length;
            const x = mean(numbers.filter((_, i) => i % 2 === 0));
            const y = mean(numbers.filter((_, i) => i % 2 === 1));
            const i = (Math.round(y) * png.width + Math.round(x)) * 4;
            const rgb = png.data.slice(i, i + 3);
            const same = hexToRgb(fill).every((v, k) => Math.abs(v - rgb[k]) <= 2);
            return same ? null : `sticker ${facelet}: rgb(${rgb}) is not ${fill}`;
          })
          .filter(Boolean);
        assert.deepEqual(wrong, [], wrong.join("\n"));
      }
      assert.match(
        String(await rejection(page, "exportImage", { view: "net", size: 2048 })),
        /size must be a whole number from 16 to 1024 for the engine's pictures \(view "net"\), not 2048/,
      );
      assertNoProblems(problems);
    },
  );

  it(
    "a WebM video starts with the WebM magic bytes and lasts as long as the animation",
    TEST,
    async () => {
      const { page, problems } = await openWithPlayer();
      const options = {
        format: "webm",
        size: 160,
        fps: 20,
        turnMs: 200,
        pauseMs: 100,
        holdMs: 400,
      };
      const { type, base64 } = await exportBytes(page, "exportAnimation", options);
      assert.equal(type, "video/webm");
      const bytes = Buffer.from(base64, "base64");
      assert.ok(bytes.length > 1000, `${bytes.length} bytes`);
      assert.deepEqual([...bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], "EBML magic");
      // MediaRecorder's WebM has no duration in its header: seeking far past the end makes the
      // browser find it. Played in a blank page: the site's CSP allows no data: media.
      const { page: blank } = await session.open();
      const seconds = await blank.evaluate(async (data) => {
        const video = document.createElement("video");
        video.muted = true;
        video.src = `data:video/webm;base64,${data}`;
        await new Promise((resolve, reject) => {
          video.onloadedmetadata = resolve;
          video.onerror = () =>
            reject(new Error(`the video does not load: ${video.error?.message}`));
        });
        if (video.duration === Infinity) {
          video.currentTime = 1e6;
          await new Promise((resolve) => (video.ondurationchange = resolve));
        }
        return video.duration;
      }, base64);
      const n = ALG.split(" ").length;
      const expectedSeconds =
        (options.holdMs + n * options.turnMs + (n - 1) * options.pauseMs + options.holdMs) / 1000;
      assert.ok(
        Math.abs(seconds - expectedSeconds) < 0.25,
        `the video lasts ${seconds} s, the animation ${expectedSeconds} s`,
      );
      console.log(`# WebM: ${bytes.length} bytes, ${seconds.toFixed(2)} s`);
      assertNoProblems(problems);
    },
  );

  it(
    "bad options, no moves and an abort are rejected with messages that name them",
    TEST,
    async () => {
      const { page, problems } = await openWithPlayer();
      const cases = [
        [
          "exportImage",
          { format: "jpeg" },
          /RangeError: exportImage: format must be "png" or "svg", not "jpeg"/,
        ],
        ["exportImage", { size: 5000 }, /size must be a whole number from 16 to 2048, not 5000/],
        ["exportImage", { size: "big" }, /size must be a whole number .*, not "big"/],
        ["exportImage", { view: "top" }, /view must be "player" or "iso" or "net", not "top"/],
        ["exportImage", { colour: "red" }, /TypeError: exportImage: unknown option "colour"/],
        ["exportImage", { background: "not-a-colour" }, /background must be .*a CSS colour/],
        ["exportImage", "png", /the options must be an object/],
        ["exportAnimation", { format: "png" }, /format must be "gif" or "webm", not "png"/],
        ["exportAnimation", { fps: 0 }, /fps must be a whole number from 1 to 50, not 0/],
        ["exportAnimation", { size: 2048 }, /size must be a whole number from 16 to 1024/],
        [
          "exportAnimation",
          { background: "transparent" },
          /background must be "view" or a CSS colour, not "transparent"/,
        ],
        ["exportAnimation", { turnMs: -1 }, /turnMs must be a whole number from 0 to 5000, not -1/],
        ["exportAnimation", { signal: "stop" }, /signal must be an AbortSignal, not "stop"/],
      ];
      for (const [method, options, message] of cases) {
        const error = await rejection(page, method, options);
        assert.match(String(error), message, `${method}(${JSON.stringify(options)})`);
      }

      // An abort during the export rejects with the signal's reason, after a few frames.
      const aborted = await page.evaluate(async () => {
        const controller = new AbortController();
        let seen = 0;
        return document
          .querySelector("#exported")
          .exportAnimation({
            size: 64,
            signal: controller.signal,
            onProgress: () => ++seen === 3 && controller.abort(),
          })
          .then(
            () => "finished",
            (err) => ({ name: err.name, seen }),
          );
      });
      assert.deepEqual(aborted, { name: "AbortError", seen: 3 });

      await page.evaluate(() => document.querySelector("#exported").setAlg(""));
      assert.match(
        String(await rejection(page, "exportAnimation", {})),
        /Error: exportAnimation: the player has no moves to play/,
      );
      assertNoProblems(problems);
    },
  );

  it("the Export menu downloads a picture and an animation", TEST, async () => {
    const { page, problems } = await session.open();
    await gotoPuzzle(page, session.site.url, "pyraminx");
    await page.evaluate(() => document.querySelector("#app").setAlg("R U' L"));
    await page.click("#export-button");
    await page.waitForSelector("#export-menu:popover-open #export-form");
    // The menu takes the focus, on the format chosen (PNG at first).
    await page.waitForFunction(
      () => document.querySelector("#app").shadowRoot.activeElement?.value === "png",
    );
    await page.check('input[name="format"][value="svg"]');
    const [picture] = await Promise.all([
      page.waitForEvent("download"),
      page.click("#export-download"),
    ]);
    assert.equal(picture.suggestedFilename(), "pyraminx.svg");
    assert.match(await readFile(await picture.path(), "utf8"), /^<svg /);

    await page.check('input[name="format"][value="gif"]');
    await page.selectOption("#export-size", "128");
    const [animation] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.click("#export-download"),
    ]);
    assert.equal(animation.suggestedFilename(), "pyraminx.gif");
    const gif = new omggif.GifReader(await readFile(await animation.path()));
    assert.equal(gif.width, 128);
    // The menu's 25 frames per second and the default 300 ms turns: 8 frames a turn, 3 turns.
    assert.equal(gif.numFrames(), 1 + 3 * Math.round((300 * 25) / 1000));
    await page.waitForFunction(() =>
      /^Saved pyraminx\.gif/.test(
        document.querySelector("#app").shadowRoot.querySelector("#export-status").textContent,
      ),
    );
    // A large animation, cancelled while it draws its frames: nothing is saved.
    await page.selectOption("#export-size", "1024");
    let downloads = 0;
    page.on("download", () => downloads++);
    await page.click("#export-download");
    await page.waitForSelector("#export-cancel:visible");
    await page.click("#export-cancel");
    await page.waitForFunction(
      () =>
        document.querySelector("#app").shadowRoot.querySelector("#export-status").textContent ===
        "Cancelled.",
    );
    assert.equal(await page.locator("#export-download").isEnabled(), true);
    assert.equal(downloads, 0);
    assertNoProblems(problems);
  });
  it(
    "own models: the Square-1's pieces as a PNG and a GIF that turns them, the engine's pictures",
    TEST,
    async () => {
      const { page, problems } = await session.open();
      await gotoPuzzle(page, session.site.url, "square1");
      // Two square players of the Square-1: one playing a slash from solved, one at its end.
      const result = await page.evaluate(async () => {
        const add = async (id, setup, alg, puzzle = "square1") => {
          const player = document.createElement("polytwist-player");
          player.id = id;
          Object.assign(player, { puzzle, setup, alg, controls: "playback" });
          player.style.width = "320px";
          document.body.prepend(player);
          if (!(await player.ready)) throw new Error(`the player ${id} refused its attributes`);
          return player;
        };
        const end = await add("end", "/", "");
        const start = await add("exported", "", "/");
        window.scrollTo(0, 0);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const rgba = async (blob) => {
          const bitmap = await createImageBitmap(blob);
          const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
          context.drawImage(bitmap, 0, 0);
          return [...context.getImageData(0, 0, bitmap.width, bitmap.height).data];
        };
        const options = { size: 120, background: "#ffffff" };
        const svg = await start.exportImage({ ...options, format: "svg" }).then(
          () => "exported",
          (err) => err.message,
        );
        // The engine's own picture (its `image` of the position's `picture` parameters), for the
        // Square-1 as "iso", for the Clock, shown as that picture, by default too.
        const clock = await add("clock", "UR3+", "", "clock");
        const engineSvg = async (player, moves) => {
          const { picture } = await player.engine.applyMoves(player.puzzle, "", moves);
          return (
            await player.engine.image({ pzl: player.puzzle, ...picture, size: "200", bg: "t" })
          ).svg;
        };
        const text = async (blob) => blob.text();
        const pictures = {
          square1: await text(await end.exportImage({ format: "svg", view: "iso", size: 200 })),
          square1Engine: await engineSvg(end, "/"),
          clock: await text(await clock.exportImage({ format: "svg", size: 200 })),
          clockEngine: await engineSvg(clock, "UR3+"),
          clockGif: await clock.exportAnimation({ size: 50 }).then(
            () => "exported",
            (err) => err.message,
          ),
        };
        clock.remove();
        return {
          pictures,
          startPng: await rgba(await start.exportImage(options)),
          endPng: await rgba(await end.exportImage(options)),
          gif: [
            ...new Uint8Array(
              await (
                await start.exportAnimation({
                  ...options,
                  format: "gif",
                  fps: 10,
                  turnMs: 400,
                  holdMs: 0,
                })
              ).arrayBuffer(),
            ),
          ],
          svg,
        };
      });
      assert.match(result.svg, /Square-1's solid pieces are drawn as PNG only/);
      const { pictures } = result;
      assert.match(pictures.square1, /^<svg/);
      assert.equal(pictures.square1, pictures.square1Engine, "the Square-1's engine picture");
      assert.equal(pictures.clock, pictures.clockEngine, "the Clock is exported as its picture");
      assert.match(pictures.clockGif, /Clock is shown as the engine's picture/);
      const size = 120;
      // The bottom's yellow (#ffd500, lit) seen from above: only once the slash turned it over.
      const yellow = (data) => {
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
          if (r > 120 && g > 0.7 * r && b < 0.4 * r) count++;
        }
        return count / (data.length / 4);
      };
      const drawn = (data) => {
        let count = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i] + data[i + 1] + data[i + 2] < 600) count++;
        return count / (data.length / 4);
      };
      assert.ok(
        drawn(result.startPng) > 0.2,
        `the start PNG draws ${drawn(result.startPng)} of it`,
      );
      assert.equal(yellow(result.startPng), 0, "no yellow seen from above before the slash");
      assert.ok(yellow(result.endPng) > 0.01, `yellow after the slash: ${yellow(result.endPng)}`);

      // The GIF: the start, 4 frames of the slash (the last the end), each near the PNGs.
      const gif = new omggif.GifReader(Buffer.from(result.gif));
      assert.deepEqual([gif.width, gif.height, gif.numFrames()], [size, size, 1 + 4]);
      const pixels = new Uint8Array(size * size * 4);
      const frame = (index) => {
        for (let i = 0; i <= index; i++) gif.decodeAndBlitFrameRGBA(i, pixels);
        return [...pixels];
      };
      /** The mean difference per colour channel of two pictures (0–255). */
      const difference = (a, b) => {
        let sum = 0;
        for (let i = 0; i < a.length; i += 4) {
          for (let k = 0; k < 3; k++) sum += Math.abs(a[i + k] - b[i + k]);
        }
        return sum / ((a.length / 4) * 3);
      };
      const first = frame(0);
      const middle = frame(2);
      const last = frame(4);
      const apart = difference(result.startPng, result.endPng);
      assert.ok(difference(first, result.startPng) < apart / 4, "the first frame is the start");
      assert.ok(difference(last, result.endPng) < apart / 4, "the last frame is the end");
      assert.ok(
        difference(middle, result.startPng) > apart / 4 &&
          difference(middle, result.endPng) > apart / 4,
        "half way, the right half is turning: neither the start nor the end",
      );
      assertNoProblems(problems);
    },
  );
  it("the Export menu offers the own models what they have", TEST, async () => {
    const { page, problems } = await session.open();
    const viewOption = (value) =>
      page.evaluate((v) => {
        const option = document
          .querySelector("#app")
          .shadowRoot.querySelector(`#export-view option[value="${v}"]`);
        return { hidden: option.hidden, disabled: option.disabled };
      }, value);
    // The Square-1: its pieces as shown in PNG, no SVG of them (the engine's one picture
    // instead), no "Net" (the engine draws it one way).
    await gotoPuzzle(page, session.site.url, "square1");
    await page.evaluate(() => document.querySelector("#app").setAlg("/ (3,3) /"));
    await page.click("#export-button");
    await page.waitForSelector("#export-menu:popover-open #export-form");
    assert.equal(await page.inputValue("#export-view"), "player");
    assert.deepEqual(await viewOption("net"), { hidden: true, disabled: true });
    await page.check('input[name="format"][value="svg"]');
    assert.equal(await page.inputValue("#export-view"), "iso");
    assert.deepEqual(await viewOption("player"), { hidden: false, disabled: true });
    const [picture] = await Promise.all([
      page.waitForEvent("download"),
      page.click("#export-download"),
    ]);
    assert.equal(picture.suggestedFilename(), "square1.svg");
    assert.match(await readFile(await picture.path(), "utf8"), /^<svg [^>]*>.*Square-1/s);
    await page.check('input[name="format"][value="gif"]');
    const [animation] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.click("#export-download"),
    ]);
    assert.equal(animation.suggestedFilename(), "square1.gif");
    assert.ok(new omggif.GifReader(await readFile(await animation.path())).numFrames() > 3);

    // The Clock, shown as the engine's picture: pictures only, whatever its moves.
    await gotoPuzzle(page, session.site.url, "clock");
    await page.evaluate(() => document.querySelector("#app").setAlg("UR3+ y2 UL2-"));
    await page.click("#export-button");
    await page.waitForSelector("#export-menu:popover-open #export-form");
    assert.equal(await page.isDisabled('input[name="format"][value="gif"]'), true);
    assert.match(await page.textContent("#export-moves"), /exported as the engine's picture/);
    assert.equal(await page.isVisible("#export-view"), false, "one view: no choice");
    assertNoProblems(problems);
  });
});
