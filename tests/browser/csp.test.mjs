// The site under a strict Content-Security-Policy without 'unsafe-eval' (only WebAssembly
// compilation is allowed): the app page's player scrambles and solves, the demo's players render,
// and the browser reports no violation. The engine is built with -sDYNAMIC_EXECUTION=0 and the
// player uses no eval, new Function or inline script.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { assertNoProblems, gotoPuzzle, idle, playerData, browserSession } from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const POLICY = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";

let page;
let problems;

const session = browserSession({ headers: { "Content-Security-Policy": POLICY } });

/** Runs in the page before its scripts: records every CSP violation. */
function recordViolations() {
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.cspViolations.push(`${event.violatedDirective}: ${event.blockedURI}`);
  });
}

async function open() {
  ({ page, problems } = await session.open());
  await page.addInitScript(recordViolations);
}

describe(`under "Content-Security-Policy: ${POLICY}"`, () => {
  it("the app page's player scrambles and solves", TEST, async () => {
    await open();
    await gotoPuzzle(page, session.site.url, "cube2");
    await page.click("#scramble");
    await idle(page);
    assert.equal(await playerData(page, "solved"), "false");
    await page.click("#solve");
    await idle(page, 45_000);
    assert.equal(await playerData(page, "solved"), "true");
    assert.match(await page.textContent("#status"), /Solved/);
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assertNoProblems(problems);
  });

  it("the embedding demo's players render, as pictures and in 3D", TEST, async () => {
    await open();
    await page.goto(`${session.site.url}embed-demo.html`);
    const first = page.locator("polytwist-player").first();
    await first.locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
    assert.ok((await first.locator("#picture path[data-f]").count()) > 10, "no picture");
    await first.locator("#start3d").click();
    await first.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
    const drawn = await first.evaluate(async (el) => {
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      const canvas = el.shadowRoot.querySelector("#view");
      const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      return data.filter((value, i) => i % 4 === 3 && value > 0).length;
    });
    assert.ok(drawn > 1000, `only ${drawn} pixels drawn`);
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assertNoProblems(problems);
  });
});
