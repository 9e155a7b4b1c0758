// embed.html, the player alone in a frame (docs/embedding.md, "An iframe"): loaded directly and
// in an iframe of a host page on another origin, the player shows, draws and fills the frame;
// unknown, repeated and over-long parameters are shown as messages, bad values get the player's
// own messages, and a script-injection payload in any parameter (name or value) is only text.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, describe, it } from "node:test";

import { showBidiControls } from "../../web/src/ui/format.js";
import { assertNoProblems, browserSession } from "../js/browser.mjs";
import { PAYLOADS } from "./injection-payloads.mjs";

const TEST = { timeout: 60_000 };

const session = browserSession({ isolated: false });

const embedUrl = (query) => `${session.site.url}embed.html?${query}`;
const query = (params) => new URLSearchParams(params).toString();

/**
 * Serves one HTML page from another origin (its own port), as a forum or wiki would be: a real
 * loopback server, since Chromium keeps pages it cannot place on the local network (e.g.
 * Playwright's routed ones) from framing local pages. `headers` go with the page. Resolves
 * {url, close()}.
 */
async function serveHostPage(html, headers = {}) {
  const server = createServer((req, res) => {
    res.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Waits for the player's picture (painted before it starts: load="interaction"). */
const pictureShown = (frame) =>
  frame.locator('polytwist-player #player[data-picture="true"]').waitFor({ timeout: 30_000 });

/**
 * Starts the player as a reader does, touching its picture (unless it has started), and waits
 * for its start position; returns what `ready` resolved with.
 */
async function playerReady(frame) {
  const player = frame.locator("polytwist-player");
  if (!(await player.evaluate((el) => el.started))) {
    await player.locator("#player").dispatchEvent("pointerdown");
  }
  await frame.locator('polytwist-player #player[data-ready="true"]').waitFor({ timeout: 30_000 });
  return frame.locator("polytwist-player").evaluate((player) => player.ready);
}

/** The player's box, its square view's and the frame's size, in the frame's CSS pixels. */
function layout(frame) {
  return frame.locator("polytwist-player").evaluate((player) => {
    const box = (el) => {
      const { left, top, width, height } = el.getBoundingClientRect();
      return { left, top, width, height, right: left + width, bottom: top + height };
    };
    return {
      player: box(player),
      view: box(player.shadowRoot.querySelector("#view")),
      width: document.documentElement.clientWidth,
      height: document.documentElement.clientHeight,
      scrollHeight: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

/** How many pixels of the view's canvas have been drawn (not transparent). */
function drawnPixels(frame) {
  return frame.locator("polytwist-player").evaluate(async (player) => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const canvas = player.shadowRoot.querySelector("#view");
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    return data.filter((value, i) => i % 4 === 3 && value > 0).length;
  });
}

/**
 * The player fills the frame: nothing overflows, and the square view is as large as the frame
 * allows (the full width, or the height left under it for the controls).
 */
function assertFillsFrame({ player, view, width, height, scrollHeight, scrollWidth }) {
  assert.ok(
    scrollHeight <= height && scrollWidth <= width,
    `the page scrolls: ${scrollWidth}×${scrollHeight} in ${width}×${height}`,
  );
  assert.ok(player.left >= 0 && player.top >= 0, `player at ${player.left},${player.top}`);
  assert.ok(
    player.right <= width + 0.5 && player.bottom <= height + 0.5,
    `player overflows the ${width}×${height} frame: ${JSON.stringify(player)}`,
  );
  assert.equal(Math.round(view.width), Math.round(view.height), "the view is square");
  const below = player.bottom - view.bottom;
  const largest = Math.min(width, height - below);
  assert.ok(view.width >= largest - 2, `view ${view.width} px; the frame allows ${largest} px`);
  assert.equal(player.top, 0, "no margin above the player");
}

describe("embed.html", () => {
  it(
    "loaded directly, shows the player with the parameters as attributes, filling the window",
    TEST,
    async () => {
      const { page, problems } = await session.open({ viewport: { width: 420, height: 520 } });
      await page.goto(
        embedUrl(query({ puzzle: "cube2", alg: "R U R' U'", setup: "F2", background: "#fdf3e1" })),
      );
      // A picture first, and nothing of the 3D player or the engine until it is touched.
      await pictureShown(page);
      assert.equal(page.workers().length, 0, "an engine worker started before a touch");
      assert.ok((await layout(page)).player.height > 300, "the picture has the player's size");
      assert.equal(await playerReady(page), true, "every parameter was accepted");
      const attributes = await page.locator("polytwist-player").evaluate((player) => ({
        puzzle: player.puzzle,
        alg: player.alg,
        setup: player.setup,
        background: player.background,
        moves: player.moves,
      }));
      assert.deepEqual(attributes, {
        puzzle: "cube2",
        alg: "R U R' U'",
        setup: "F2",
        background: "#fdf3e1",
        moves: ["R", "U", "R'", "U'"],
      });
      assert.ok((await drawnPixels(page)) > 1000, "the view is drawn");
      const box = await layout(page);
      assertFillsFrame(box);
      // With a move list under it, the view is narrower than the window: the height limits it.
      assert.ok(box.view.width < 420 && box.player.bottom > 500, JSON.stringify(box));
      assert.equal(await page.locator("#embed-messages").isHidden(), true);
      assertNoProblems(problems);
    },
  );

  it("in an iframe of a page on another origin, fills the frame and plays", TEST, async () => {
    const { page, problems } = await session.open();
    const src = embedUrl(query({ puzzle: "pyraminx", alg: "R U R' U'" }));
    const host = await serveHostPage(`<!doctype html><title>A forum post</title><p>My alg:</p>
<iframe src="${src}" width="360" height="440" style="border:0" title="polytwist player"></iframe>
<iframe src="${embedUrl(query({ puzzle: "cube3", controls: "none" }))}" width="500" height="260" style="border:0" title="a picture"></iframe>`);
    after(() => host.close());
    await page.goto(host.url);
    const [frame, wide] = page.frames().slice(1);
    assert.equal(await playerReady(frame), true);
    assert.ok((await drawnPixels(frame)) > 1000, "the view is drawn");
    const box = await layout(frame);
    assert.deepEqual([box.width, box.height], [360, 440]);
    assertFillsFrame(box);

    // A frame wider than tall, without controls: the view takes the whole height, centred.
    assert.equal(await playerReady(wide), true);
    const wideBox = await layout(wide);
    assertFillsFrame(wideBox);
    assert.ok(
      Math.abs(wideBox.player.height - 260) <= 2,
      `player ${wideBox.player.height} px high in a 260 px frame`,
    );
    const margins = [wideBox.view.left, 500 - wideBox.view.right];
    assert.ok(Math.abs(margins[0] - margins[1]) <= 2, `not centred: ${margins}`);

    // Clicking play plays the alg in the frame.
    await frame.locator("polytwist-player #play").click();
    await frame.waitForFunction(
      () => document.querySelector("polytwist-player").moveIndex === 4,
      null,
      { timeout: 30_000 },
    );
    assertNoProblems(problems);
  });

  it(
    "shows a message for an unknown, repeated or over-long parameter, and the player's own for a bad value",
    TEST,
    async () => {
      const { page, problems } = await session.open({ viewport: { width: 420, height: 520 } });
      const longAlg = "R U ".repeat(600); // 2400 characters
      const search = `puzzle=cube2&foo=1&alg=${encodeURIComponent(longAlg)}&setup=R&setup=U&size=300px&controls=fancy`;
      await page.goto(embedUrl(search));
      await playerReady(page);
      const ours = await page.locator("#embed-messages li span").allTextContents();
      assert.equal(ours.length, 4, ours.join("\n"));
      assert.match(
        ours[0],
        /^unknown parameter 'foo' \(use puzzle, description, alg, setup, controls,/,
      );
      assert.match(
        ours.join("\n"),
        /parameter 'size' is not used here: the player fills its frame/,
      );
      assert.match(
        ours.join("\n"),
        /parameter 'alg' is 2400 characters long, more than 2000: left out/,
      );
      assert.match(
        ours.join("\n"),
        /parameter 'setup' is given more than once: the first one is used/,
      );
      const player = await page.locator("polytwist-player").evaluate((el) => ({
        alg: el.getAttribute("alg"),
        setup: el.setup,
        size: el.getAttribute("size"),
        controls: el.controls,
      }));
      assert.equal(player.alg, null, "the long alg is left out");
      assert.equal(player.setup, "R");
      assert.notEqual(player.size, "300px", "the size parameter is not applied");
      assert.equal(player.controls, "playback", "the default after a bad value");
      const theirs = await page.locator("polytwist-player #messages li").allTextContents();
      assert.ok(
        theirs.some((text) => text.includes('controls="fancy": use one of none, playback, full')),
        theirs.join("\n"),
      );
      // A message can be dismissed.
      await page.locator("#embed-messages li button").first().click();
      assert.equal(await page.locator("#embed-messages li").count(), 3);
      assertNoProblems(problems);
    },
  );

  it("leaves its messages room under the player: they cover no playback button", TEST, async () => {
    const { page, problems } = await session.open({ viewport: { width: 420, height: 520 } });
    await page.goto(embedUrl("puzzle=cube2&foo=1&alg=R%20U%20R'"));
    await playerReady(page);
    const messages = page.locator("#embed-messages");
    const buttons = page.locator("polytwist-player .transport button");
    const box = async (locator) => {
      const { y, height } = await locator.boundingBox();
      return { top: y, bottom: y + height };
    };
    assert.equal(await buttons.count(), 5);
    // A small frame, a desktop window and a 390×844 phone (the same page, resized).
    for (const size of [
      { width: 420, height: 520 },
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const listed = await box(messages);
      const where = `at ${size.width}×${size.height}`;
      assert.ok(listed.bottom <= size.height + 1, `${where} the messages end out of the frame`);
      for (const button of await buttons.all()) {
        const { bottom } = await box(button);
        assert.ok(bottom <= listed.top + 1, `${where} a playback button ends under the messages`);
      }
    }
    await page.setViewportSize({ width: 420, height: 520 });
    // Dismissed, the message gives its room back to the view.
    const before = (await box(page.locator("polytwist-player"))).bottom;
    await page.locator("#embed-messages li button").click();
    await page.waitForFunction(
      (bottom) =>
        document.querySelector("polytwist-player").getBoundingClientRect().bottom > bottom,
      before,
    );
    assertNoProblems(problems);
  });

  it("an unknown puzzle and a refused alg are the player's messages", TEST, async () => {
    const { page, problems } = await session.open({ viewport: { width: 420, height: 520 } });
    await page.goto(embedUrl(query({ puzzle: "cube2", alg: "R Q" })));
    assert.equal(await playerReady(page), false);
    const messages = await page.locator("polytwist-player #messages li").allTextContents();
    assert.ok(
      messages.some((text) => text.startsWith(`alg="R Q": `)),
      messages.join("\n"),
    );

    // An unknown puzzle: the picture says so; started, the player says so in place of its view.
    await page.goto(embedUrl(query({ puzzle: "no_such_puzzle" })));
    await pictureShown(page);
    assert.match(
      await page.locator("polytwist-player #picture title").textContent(),
      /unknown puzzle 'no_such_puzzle'/,
    );
    await page.locator("polytwist-player #player").dispatchEvent("pointerdown");
    await page
      .locator("polytwist-player #no-view")
      .filter({ hasText: "no_such_puzzle" })
      .waitFor({ timeout: 30_000 });
    assertNoProblems(problems);
  });

  it("a script-injection payload in any parameter's name or value stays text", TEST, async () => {
    const { page, problems } = await session.open({ viewport: { width: 420, height: 520 } });
    const dialogs = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss();
    });
    // The last payload is longer than the page takes (2,000 characters).
    const names = [
      "puzzle",
      "alg",
      "setup",
      "controls",
      "background",
      "colour-scheme",
      "camera",
      "keyboard",
      "numbering",
      "numbering-groups",
      "load",
      "stickering",
      "mask",
      "colors",
      "scheme",
    ];
    for (const payload of PAYLOADS) {
      const params = new URLSearchParams();
      // A long value once only: URLs of more than 32 kB are refused before the page.
      for (const name of payload.length > 2000 ? ["controls"] : names) params.append(name, payload);
      params.append(payload, "1"); // as a parameter's name too
      await page.goto(embedUrl(params.toString()));
      await page.locator("polytwist-player").waitFor({ state: "attached" });
      // Whatever the player makes of it (messages, an unknown puzzle), give it time to show.
      await page.waitForFunction(() => customElements.get("polytwist-player"));
      await page.waitForTimeout(500);
      await page.mouse.move(200, 200, { steps: 4 }); // an onmouseover would fire
      const found = await page.evaluate(() => {
        const player = document.querySelector("polytwist-player");
        const all = [document, player.shadowRoot];
        return {
          injected: window.__pwned ?? null,
          elements: all.flatMap((root) =>
            [
              ...root.querySelectorAll(
                "img, iframe, script:not([src]), svg[onload], [onerror], [onload], [onclick], [onmouseover]",
              ),
            ].map((el) => el.outerHTML.slice(0, 80)),
          ),
          messages: document.querySelector("#embed-messages").textContent,
          controls: player.shadowRoot.querySelector('#messages li[data-source="controls"]')
            ?.textContent,
        };
      });
      const label = JSON.stringify(payload.slice(0, 40));
      assert.equal(found.injected, null, `executed: ${label}`);
      assert.deepEqual(found.elements, [], `markup from ${label}`);
      // The unknown name is shown as text, cut at 40 characters with an ellipsis.
      // A bidirectional override is written by its code point, so it cannot reverse the message.
      const name = showBidiControls(payload.length > 40 ? `${payload.slice(0, 40)}…` : payload);
      assert.ok(found.messages.includes(`'${name}'`), `the unknown name: ${found.messages}`);
      if (payload.length > 2000) {
        assert.ok(
          found.messages.includes(`parameter 'controls' is ${payload.length} characters long`),
          found.messages,
        );
      } else {
        // The player's own message quotes the value whole, as text.
        const value = showBidiControls(payload);
        assert.ok(found.controls?.startsWith(`controls="${value}": `), found.controls);
      }
    }
    assert.deepEqual(dialogs, []);
    assertNoProblems(problems);
  });
});

describe("polytwist-player.js loaded by a page of another origin", () => {
  it(
    "starts its engine worker from a blob: of the page's origin; one thread even on an isolated page",
    TEST,
    async () => {
      const { page, problems } = await session.open();
      const warnings = [];
      page.on("console", (msg) => msg.type() === "warning" && warnings.push(msg.text()));
      const host = await serveHostPage(
        `<!doctype html><script type="module" src="${session.site.url}polytwist-player.js"></script>
<polytwist-player puzzle="cube2" alg="R U"></polytwist-player>`,
        {
          "Cross-Origin-Opener-Policy": "same-origin",
          "Cross-Origin-Embedder-Policy": "require-corp",
        },
      );
      after(() => host.close());
      await page.goto(host.url);
      assert.equal(await playerReady(page), true);
      assert.ok((await drawnPixels(page)) > 1000, "the view is drawn");
      const { isolated, info } = await page.evaluate(async () => ({
        isolated: crossOriginIsolated,
        info: await document.querySelector("polytwist-player").engine.engineInfo(),
      }));
      assert.equal(isolated, true, "the host page is cross-origin isolated");
      assert.deepEqual(info, { ok: true, threads: 1, isolated: true });
      const workers = page.workers().map((worker) => worker.url());
      assert.ok(
        workers.some((url) => url.startsWith(`blob:${host.url.slice(0, -1)}`)),
        `workers: ${workers.join(", ")}`,
      );
      // The pthread workers cannot start from the host's origin: the documented fallback.
      assert.ok(
        warnings.some((text) => text.includes("threaded engine unavailable, using one thread")),
        warnings.join("\n"),
      );
      assertNoProblems(problems);
    },
  );
});

describe("polytwist-player.js from another origin under the host's Content-Security-Policy", () => {
  it(
    "works with the site in script-src, and blob: and the site in worker-src (docs/embedding.md)",
    TEST,
    async () => {
      const { page, problems } = await session.open();
      const site = session.site.url.slice(0, -1);
      // The worker's imports are fetched as workers: worker-src needs the site as well as blob:.
      const policy = `script-src 'self' ${site} 'wasm-unsafe-eval'; worker-src 'self' blob: ${site}`;
      const host = await serveHostPage(
        `<!doctype html><script type="module" src="${site}/polytwist-player.js"></script>
<polytwist-player puzzle="pyraminx" alg="R U"></polytwist-player>`,
        { "Content-Security-Policy": policy },
      );
      after(() => host.close());
      await page.addInitScript(() => {
        window.cspViolations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.cspViolations.push(`${event.violatedDirective}: ${event.blockedURI}`);
        });
      });
      await page.goto(host.url);
      assert.equal(await playerReady(page), true);
      assert.ok((await drawnPixels(page)) > 1000, "the view is drawn");
      assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
      assertNoProblems(problems);
    },
  );
});
