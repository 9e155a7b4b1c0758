// Picture-first players (docs/embedding.md, docs/images.md): a player paints its start position
// at once from the engine's picture template (or the model-only module), loads three.js and the
// engine only when touched (or when idle, or at once, as `load` says), and gives way to the 3D
// view in the same space. The first-load budgets of issue 14 are checked here too.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { assertNoProblems, browserSession } from "../js/browser.mjs";
import { measureFirstLoad } from "../js/first-load.mjs";

const session = browserSession();
const TEST = { timeout: 120_000 };
const KB = 1024;

/** Each sticker's fill by its number, from a picture. */
function fills(svg) {
  return Object.fromEntries(
    [...svg.matchAll(/fill="([^"]+)" data-f="(\d+)"/g)].map(([, fill, f]) => [Number(f), fill]),
  );
}

/** The picture a player shows (its SVG markup), once painted. */
async function pictureOf(player) {
  await player.locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
  return player.locator("#picture").evaluate((el) => el.innerHTML);
}

/** What the engine draws for `params`, asked through a player's engine session. */
const engineSvg = (page, params) =>
  page
    .locator("polytwist-player")
    .first()
    .evaluate(async (el, p) => (await el.engine.image(p)).svg, params);

describe("picture-first players", () => {
  it("stay within the first-load budgets", TEST, async () => {
    const { browser, url } = session.site;
    const one = await measureFirstLoad(browser, url, "one picture");
    const thirty = await measureFirstLoad(browser, url, "thirty pictures");
    const full = await measureFirstLoad(browser, url, "full player");
    const list = (m) => m.files.map((f) => `${f.path} ${f.gzip}`).join(", ");
    assert.ok(one.total.gzip <= 40 * KB, `one picture: ${one.total.gzip} B gzip (${list(one)})`);
    assert.ok(
      thirty.total.gzip <= 80 * KB,
      `30 pictures: ${thirty.total.gzip} B (${list(thirty)})`,
    );
    // Issue 14 asks ≤ 250 KB for the full player; what it takes today (docs/benchmarks.md) is
    // held here so that it does not grow unnoticed. 480 → 520 KB with issue 23's geometry layer,
    // the moves' group and thirteen more puzzles in the engine (+64 KB gzip of .wasm), which the
    // removal of the hand-written puzzle files is to win back. 520 → 530 KB with issue 24's H48
    // tables in WebAssembly (their import and checks; SIMD128 byte shuffles, 3.1 KB gzip for 24%
    // less time per search there). 530 → 540 KB with the table sets' download in pieces (hashes,
    // the inflating workers, resuming: +1.5 KB of the worker's chunk) and the threaded sliced
    // search and piece import in the engine (+5 KB of the threaded .wasm). 540 → 545 KB with
    // issue 24's one coordinate family and one walk (confined coordinates, move tables over
    // chosen effects in two entry widths, the two-phase phases as walks: 554,817 B, 1.9 KB over).
    // 545 → 546 KB with issue 25's faults 3, 5, 6 and 11 (the 3D view framed as the picture,
    // the plastic drawn back in the shader, the full player's words before it starts, the net's
    // touch width: 557,791 → 558,726 B, 646 B over).
    // 546 → 561 KB with issue 25's stickering masks and colour schemes (the engine's readers,
    // named sets and appearance call: +8.6 KB of the threaded .wasm; the attributes' chunk,
    // 2.2 KB), with its views, colouring problems as data and search estimates beside them:
    // 573,891 B.
    // 561 → 565 KB with issue 25's notation (commutators, conjugates, counts read by each turn's
    // order, the written pieces of applyMoves and the move list drawing them: +3.8 KB).
    // 565 → 570 KB with the rest of issue 25 (applyMoves' turn_inverted and typed moves as the
    // move list, the back view in exports and the room for turning layers, the timer's scramble
    // event, numbering problems as data): 580,817 B before the numbering problems.
    // 570 → 585 KB with issue 26's Rubik's Clock (its model, service operations and picture in
    // the engine: +13 KB gzip of the threaded .wasm) and the unity build: 594,882 B, before the
    // WCA events' table. 585 → 600 KB with the Square-1 served (its model, two-phase solver at
    // -O3, state text, service operations and picture: 611,009 B, +16 KB). 600 → 610 KB with the
    // multi-phase solver (any number of phases, goals as cosets, parity goals) and the Square-1's
    // stronger phase-2 tables: 619,736 B, +8.7 KB. 610 → 615 KB with the Kilominx's four phases and
    // reference-piece holding, the Skewb's and 2x2x2's IDA* tables, the own models' picture hooks
    // and state= pictures, and the player's picture view: 625,647 B, +5.9 KB. 615 → 625 KB with
    // the FTO's phases and the multi-phase solver's renumbered identical pieces, the Square-1's
    // solid pieces, motions and entry reader in the engine, and the player's pieces view and text
    // editor (piece-model.js, entry-editor.js, loaded with the player): 638,418 B, +12.8 KB.
    // Those two are loaded only for a puzzle that needs them since (the player's chunk 400 B
    // smaller), and the engine grew by the Pyraminx's partial table, the Square-1's keys and the
    // pictures' views: 639,269 B. 625 → 630 KB with the Square-1's entry palette in the engine
    // (+0.6 KB of the .wasm) and the own models' exports (the stage's maker of piece models):
    // 640,607 B. 630 → 650 KB with the 4x4x4's reduction solver (its four phases' walks and
    // seven table builds at -O3, one BFS instantiation for all of them: 664,414 B, +23.8 KB; at
    // -Os 6 KB less but its tables took twice as long to build, 3.2 s). 650 → 655 KB with issue
    // 27's out-of-memory answers (Json copies built in place, the service's guard around every
    // entry point), pictures' UTF-8 checks, the import's framing check and the fixtures' icon:
    // 666,494 B, +2.1 KB. Splitting the engine (issue 14's 250 KB) is what would win this back.
    assert.ok(full.total.gzip <= 655 * KB, `full player: ${full.total.gzip} B (${list(full)})`);
    for (const m of [one, thirty]) {
      assert.ok(
        m.files.every((f) => !/started|engine|three|shared-renderer|\.wasm/.test(f.path)),
        `${m.scenario} fetched the 3D player or the engine: ${list(m)}`,
      );
    }
  });

  it("paint the engine's picture and load nothing else until touched", TEST, async () => {
    const { page, problems, responses } = await session.open();
    await page.goto(new URL("fixtures/wiki-algorithms.html", session.site.url).href);
    const players = page.locator("polytwist-player");
    assert.equal(await players.count(), 30);
    const painted = [];
    for (let i = 0; i < 30; i += 5) {
      const player = players.nth(i);
      await player.scrollIntoViewIfNeeded();
      const [pzl, alg] = await player.evaluate((el) => [el.puzzle, el.setup]);
      painted.push({ pzl, alg, shown: await pictureOf(player) });
    }
    // Tabbing through the page focuses the players' 3D buttons without starting them.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    assert.equal(page.workers().length, 0, "a worker started before any player was touched");
    assert.ok(
      responses.every((r) => !/started|engine|\.wasm/.test(r.url)),
      "the 3D player or the engine loaded before any player was touched",
    );
    assert.deepEqual(await players.evaluateAll((els) => els.filter((el) => el.started).length), 0);
    // Touched, a player starts; its engine draws the same picture its template did.
    const first = players.first();
    await first.scrollIntoViewIfNeeded();
    const before = fills(await pictureOf(first));
    const setup = await first.evaluate((el) => el.setup);
    await first.locator("#start3d").click();
    await first.locator('#player[data-ready="true"]').waitFor({ timeout: 60_000 });
    assert.deepEqual(
      before,
      fills(await engineSvg(page, { pzl: "pyraminx", alg: setup, size: 256 })),
    );
    // Every picture painted before is the one the engine draws.
    for (const { pzl, alg, shown } of painted) {
      const expected = fills(await engineSvg(page, { pzl, alg, size: 256 }));
      assert.ok(
        Object.keys(expected).length >= 12,
        `${pzl}: ${Object.keys(expected).length} stickers`,
      );
      assert.deepEqual(fills(shown), expected, `${pzl} "${alg}"`);
    }
    assert.equal(await first.locator("#picture").isHidden(), true);
    assert.equal(await players.evaluateAll((els) => els.filter((el) => el.started).length), 1);
    assertNoProblems(problems);
  });

  it(
    "promise a 3D view only for a puzzle that has one (the Clock is played as its picture)",
    TEST,
    async () => {
      const { page, problems } = await session.open();
      await page.goto(new URL("fixtures/one-player.html", session.site.url).href);
      // A Clock player beside the page's cube, full controls so that the status says what a press
      // starts; the engine's picture of each says how its player shows it.
      await page.evaluate(() => {
        const clock = document.createElement("polytwist-player");
        clock.id = "clock";
        clock.setAttribute("puzzle", "clock");
        clock.setAttribute("controls", "full");
        document.body.append(clock);
      });
      const clock = page.locator("#clock");
      await clock.locator('#player[data-picture="true"] #start3d:not([hidden])').waitFor();
      assert.equal(await clock.locator("#start3d").textContent(), "Play");
      assert.equal(await clock.locator("#start3d").getAttribute("title"), "Turn it");
      assert.match(await clock.locator("#status").textContent(), /to start the player\.$/);
      const cube = page.locator("#sune");
      await cube.locator("#start3d:not([hidden])").waitFor();
      assert.equal(await cube.locator("#start3d").textContent(), "3D");
      assert.equal(await cube.locator("#start3d").getAttribute("title"), "Turn it in 3D");
      assertNoProblems(problems);
    },
  );

  it("give way to the 3D view in the same place, without moving the page", TEST, async () => {
    const { page, problems } = await session.open();
    await page.goto(new URL("fixtures/one-player.html", session.site.url).href);
    const player = page.locator("#sune");
    await pictureOf(player);
    const box = async () => ({
      player: await player.boundingBox(),
      text: await page.locator("p").last().boundingBox(),
      stage: await player.locator("#stage").boundingBox(),
      picture: await player.locator("#picture").boundingBox(),
    });
    const painted = await box();
    assert.deepEqual(painted.picture, painted.stage, "the picture fills the 3D view's place");
    // From the picture on (the page's own shift while the element's script loads is the host
    // page's to prevent, docs/embedding.md), every shift counts, even right after the click.
    await page.evaluate(() => {
      window.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.layoutShift += entry.value;
      }).observe({ type: "layout-shift" });
    });
    await player.locator("#picture").click();
    await player.locator('#player[data-ready="true"]').waitFor({ timeout: 60_000 });
    const started = await box();
    assert.deepEqual(started.player, painted.player);
    assert.deepEqual(started.text, painted.text);
    assert.deepEqual(started.stage, painted.stage);
    const shift = await page.evaluate(() => window.layoutShift);
    assert.ok(shift < 0.001, `layout shift ${shift}`);
    assertNoProblems(problems);
  });

  it("start when idle or at once when `load` says so", TEST, async () => {
    const { page, problems } = await session.open();
    await page.goto(new URL("fixtures/one-player.html", session.site.url).href);
    await pictureOf(page.locator("#sune"));
    const added = await page.evaluate(async () => {
      const make = (load) => {
        const el = document.createElement("polytwist-player");
        el.setAttribute("puzzle", "cube2");
        el.setAttribute("setup", "R U");
        if (load) el.setAttribute("load", load);
        document.body.prepend(el);
        return el;
      };
      const idle = make("idle");
      const eager = make("eager");
      const bad = make("sometimes");
      const waitReady = (el) =>
        new Promise((resolve) => {
          const check = () =>
            el.shadowRoot.querySelector("#player").dataset.ready === "true"
              ? resolve(true)
              : setTimeout(check, 50);
          check();
        });
      await Promise.all([waitReady(idle), waitReady(eager)]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return {
        idle: idle.started,
        eager: eager.started,
        bad: bad.started,
        badLoad: bad.load,
        message: bad.shadowRoot.querySelector('#messages [data-source="load"]')?.textContent,
      };
    });
    assert.deepEqual(
      { idle: added.idle, eager: added.eager, bad: added.bad, badLoad: added.badLoad },
      { idle: true, eager: true, bad: false, badLoad: "interaction" },
    );
    assert.match(added.message, /^load="sometimes": use one of interaction, idle, eager/);
    assert.equal(await page.locator("#sune").evaluate((el) => el.started), false);
    assertNoProblems(problems);
  });

  it(
    "draw any setup the engine reads, and show the engine's message for one it refuses",
    TEST,
    async () => {
      const { page, problems } = await session.open();
      await page.goto(new URL("fixtures/one-player.html", session.site.url).href);
      await pictureOf(page.locator("#sune"));
      const result = await page.evaluate(async () => {
        const make = (setup) => {
          const el = document.createElement("polytwist-player");
          el.setAttribute("puzzle", "cube3");
          el.setAttribute("setup", setup);
          document.body.append(el);
          return el;
        };
        const grouped = make("(R U R' U')3 x M2");
        const bad = make("R U F2 G");
        const painted = (el) =>
          new Promise((resolve) => {
            const check = () =>
              el.shadowRoot.querySelector("#player").dataset.picture === "true"
                ? resolve(el.shadowRoot.querySelector("#picture").innerHTML)
                : setTimeout(check, 50);
            check();
          });
        return {
          grouped: await painted(grouped),
          bad: await painted(bad),
          message: bad.shadowRoot.querySelector('#messages [data-source="setup"]')?.textContent,
          caret: bad.shadowRoot.querySelector('#messages [data-source="setup"] pre')?.textContent,
          started: grouped.started || bad.started,
        };
      });
      // Groups, repetitions, rotations and slices need the engine: the model-only module drew it.
      assert.deepEqual(
        fills(result.grouped),
        fills(await engineSvg(page, { pzl: "cube3", alg: "(R U R' U')3 x M2", size: 256 })),
      );
      assert.deepEqual(
        fills(result.bad),
        fills(await engineSvg(page, { pzl: "cube3", size: 256 })),
      );
      assert.match(result.message, /^setup="R U F2 G": unknown move 'G' at column 8/);
      assert.equal(result.caret, "R U F2 G\n       ^");
      assert.equal(result.started, false);
      assertNoProblems(problems);
    },
  );
});
