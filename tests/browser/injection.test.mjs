// Script injection through what a page or a link gives the player: a payload (markup, a
// javascript: URL, a quote that would end an attribute, </style>, an SVG onload, RTL and NUL
// characters, a value far over the limits) in every documented attribute of <polytwist-player>
// and in every share-link parameter of the app page. Nothing runs (window.__pwned stays unset, no
// dialog opens), no element is made from it, and where a message repeats the value it is the
// value as text (a bidirectional override written as [U+202E], so that it cannot reverse the
// message). Each case runs with the page's Content-Security-Policy switched off (Playwright's
// bypassCSP), so that markup made from a payload would run and be seen, and under the site's
// policy, where nothing may even be blocked (share links: all parameters in one link per
// payload, to keep the run short). The embed.html parameters have
// the same payloads in tests/browser/embed-page.test.mjs.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { APPEARANCE_PARAMS, SHARE_PARAMS, VIEW_PARAMS } from "../../web/src/share/link.js";
import { showBidiControls } from "../../web/src/ui/format.js";
import { assertNoProblems, browserSession } from "../js/browser.mjs";
import { PAYLOADS } from "./injection-payloads.mjs";

const TEST = { timeout: 300_000 };

const session = browserSession();

/** The elements a payload would make, in the document and every shadow root. */
function injectedElements() {
  const found = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll("*")) {
      const named = ["SCRIPT", "IFRAME", "IMG", "B", "A"].includes(el.tagName) && !el.src;
      const handler = [...el.attributes].some((a) => /^on/i.test(a.name));
      if ((named && /pwned/.test(el.outerHTML)) || handler) found.push(el.outerHTML.slice(0, 80));
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return found;
}

/**
 * A page of the site whose violations, dialogs and CSP console messages are recorded;
 * `bypassCSP` switches the page's policy off.
 */
async function openWatched({ bypassCSP }) {
  const context = await session.site.browser.newContext({ bypassCSP });
  const page = await context.newPage();
  const problems = [];
  const violations = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (/Content[ -]Security[ -]Policy|Refused to/i.test(msg.text())) {
      violations.push(`console: ${msg.text()}`);
    } else if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("dialog", (dialog) => {
    violations.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  await page.exposeBinding("reportCspViolation", (_, text) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      window.reportCspViolation(`${event.effectiveDirective} blocked ${event.blockedURI}`),
    ),
  );
  return { page, problems, violations, close: () => context.close() };
}

/** Hover and click over every part of the page, so an onmouseover or onclick would fire. */
async function touchEverything(page) {
  await page.mouse.move(5, 5);
  await page.mouse.move(300, 200, { steps: 5 });
}

const PLAYER_ATTRIBUTES = [
  "puzzle",
  "description",
  "alg",
  "setup",
  "controls",
  "background",
  "colour-scheme",
  "camera",
  "size",
  "keyboard",
  "load",
  "numbering",
  "numbering-groups",
  ...VIEW_PARAMS,
  ...APPEARANCE_PARAMS,
];

/** Attributes whose message quotes the value whole: name="value": … */
const QUOTING_ATTRIBUTES = [
  "controls",
  "background",
  "colour-scheme",
  "camera",
  "size",
  "keyboard",
  ...VIEW_PARAMS,
];

/**
 * Every parameter a share link has (web/src/share/link.js) but the view and appearance
 * attributes, which the app page sets on its player as they are: the attribute test above covers
 * that path.
 */
const SHARE_PARAMETERS = SHARE_PARAMS.filter(
  (param) => !VIEW_PARAMS.includes(param) && !APPEARANCE_PARAMS.includes(param),
);
/**
 * Payload and parameter pairs, one page load each (2.5 s): every parameter gets a payload and
 * every payload a parameter. All pairs (8 × 9 today) took a minute of ./test for one display path,
 * two per parameter 45 s; the decoder's answer to every pair is checked in Node
 * (tests/wasm/share-link.test.mjs).
 */
const PAIRS = Array.from({ length: Math.max(PAYLOADS.length, SHARE_PARAMETERS.length) }, (_, i) => [
  PAYLOADS[i % PAYLOADS.length],
  SHARE_PARAMETERS[i % SHARE_PARAMETERS.length],
]);

for (const bypassCSP of [true, false]) {
  const policy = bypassCSP ? "with the page's CSP off" : "under the site's CSP";

  describe(`a payload in every attribute of <polytwist-player>, ${policy}`, () => {
    it("runs nothing, makes no element, and messages show it as text", TEST, async () => {
      const { page, problems, violations, close } = await openWatched({ bypassCSP });
      try {
        await page.goto(`${session.site.url}embed.html`);
        await page.waitForFunction(() => customElements.get("polytwist-player"));
        // Every attribute the element observes is covered (a new one must join the list).
        assert.deepEqual(
          (await page.evaluate(() => customElements.get("polytwist-player").observedAttributes))
            .slice()
            .sort(),
          PLAYER_ATTRIBUTES.slice().sort(),
        );
        for (const payload of PAYLOADS) {
          // Every attribute the payload, and then the same with a puzzle the player knows (a
          // numbered one, which reads numbering and numbering-groups, and no description, which
          // would win over it), so alg and setup reach the engine; started at once
          // (load="eager" comes last and is kept for it).
          for (const puzzle of [payload, "numbered_pyraminx"]) {
            const shown = await page.evaluate(
              async ({ names, payload, puzzle }) => {
                document.querySelector("polytwist-player")?.remove();
                const player = document.createElement("polytwist-player");
                for (const name of names) player.setAttribute(name, payload);
                player.setAttribute("puzzle", puzzle);
                if (puzzle !== payload) player.removeAttribute("description");
                document.querySelector("#embed").append(player);
                // Painted first as a picture, then started: both read every attribute.
                await new Promise((resolve) => setTimeout(resolve, 300));
                player.setAttribute("load", "eager");
                await Promise.race([
                  player.ready,
                  new Promise((resolve) => setTimeout(resolve, 20_000)),
                ]);
                await new Promise((resolve) => setTimeout(resolve, 300));
                const messages = Object.fromEntries(
                  [...player.shadowRoot.querySelectorAll("#messages li")].map((item) => [
                    item.dataset.source,
                    item.querySelector(".message-body").textContent,
                  ]),
                );
                return {
                  messages,
                  notice: player.shadowRoot.querySelector("#no-view").textContent,
                };
              },
              { names: PLAYER_ATTRIBUTES, payload, puzzle },
            );
            await touchEverything(page);
            const label = `${JSON.stringify(payload.slice(0, 30))}, puzzle ${puzzle.slice(0, 20)}`;
            // The value as messages quote it: itself, a bidirectional override by code point.
            const quoted = showBidiControls(payload);
            assert.equal(await page.evaluate(() => window.__pwned ?? null), null, label);
            assert.deepEqual(await page.evaluate(injectedElements), [], label);
            if (payload.length > 2000) {
              // Too long: ignored, and the message gives the length, not the text (load was
              // set to eager since).
              const ignored = PLAYER_ATTRIBUTES.filter(
                (name) =>
                  name !== "load" &&
                  (!["puzzle", "description"].includes(name) || puzzle === payload),
              );
              for (const name of ignored) {
                assert.equal(
                  shown.messages[`${name}-length`],
                  `${name}: ${payload.length} characters, more than 2000: ignored`,
                  `${name}: ${JSON.stringify(shown.messages)}`,
                );
              }
              continue;
            }
            for (const name of QUOTING_ATTRIBUTES) {
              assert.ok(
                shown.messages[name]?.startsWith(`${name}="${quoted}": `),
                `${label}: ${name}'s message is ${JSON.stringify(shown.messages[name])}`,
              );
            }
            if (puzzle === payload) {
              assert.ok(shown.notice.includes(quoted), `${label}: notice ${shown.notice}`);
            } else {
              // The engine refuses the setup: its message quotes it whole.
              assert.ok(
                shown.messages.setup?.startsWith(`setup="${quoted}": `),
                `${label}: ${JSON.stringify(shown.messages)}`,
              );
            }
          }
        }
        assert.deepEqual(violations, []);
        assertNoProblems(problems);
      } finally {
        await close();
      }
    });
  });

  // Each parameter on its own once, with the policy off, where a message made from markup would
  // run; under the policy, one link per payload carries it in every parameter at once.
  if (!bypassCSP) {
    describe(`a payload in all share-link parameters of the app page at once, ${policy}`, () => {
      it("runs nothing, makes no element, and nothing is even blocked", TEST, async () => {
        const { page, problems, violations, close } = await openWatched({ bypassCSP });
        try {
          for (const payload of PAYLOADS) {
            const query = new URLSearchParams({ puzzle: "numbered_pyraminx" });
            for (const param of SHARE_PARAMETERS) query.set(param, payload);
            await page.goto(`${session.site.url}?${query}`);
            await page.waitForSelector("#link-problem:not([hidden])", { timeout: 30_000 });
            await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
            await touchEverything(page);
            const label = JSON.stringify(payload.slice(0, 30));
            assert.equal(await page.evaluate(() => window.__pwned ?? null), null, label);
            assert.deepEqual(await page.evaluate(injectedElements), [], label);
          }
          assert.deepEqual(violations, []);
          assertNoProblems(problems);
        } finally {
          await close();
        }
      });
    });
    continue;
  }

  describe(`a payload in every share-link parameter of the app page, ${policy}`, () => {
    it("runs nothing, makes no element, and the link's problem is text", TEST, async () => {
      const { page, problems, violations, close } = await openWatched({ bypassCSP });
      try {
        for (const [payload, param] of PAIRS) {
          const query = new URLSearchParams({ puzzle: "numbered_pyraminx" });
          query.set(param, payload);
          await page.goto(`${session.site.url}?${query}`);
          await page.waitForSelector("#link-problem:not([hidden])", { timeout: 30_000 });
          await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
          await touchEverything(page);
          const label = `${param}=${JSON.stringify(payload.slice(0, 30))}`;
          assert.equal(await page.evaluate(() => window.__pwned ?? null), null, label);
          assert.deepEqual(await page.evaluate(injectedElements), [], label);
          const { text, pointer } = await page.evaluate(() => {
            const problem = document.querySelector("#link-problem-text");
            return {
              text: problem.textContent,
              pointer: problem.querySelector("pre")?.textContent ?? null,
            };
          });
          if (param === "step") {
            assert.ok(
              text.startsWith(`step is "${showBidiControls(payload)}": `),
              `${label}: ${text}`,
            );
          } else {
            // The parameter's own message (alg is another name for solution): its name,
            // then why (the value's length, or its first character that cannot be there).
            const name = param === "alg" ? "(alg|solution)" : param;
            assert.match(text, new RegExp(`^${name}( is|:) `), `${label}: ${text}`);
            // A right-to-left override is named by its code point, not put in the message,
            // where it would reverse the rest of the line.
            if (payload.includes("\u202e")) {
              assert.ok(!text.includes("\u202e") && text.includes("U+202E"), `${label}: ${text}`);
            }
          }
          // A message that points at a column repeats the value above the caret, as text.
          if (pointer !== null) assert.ok(pointer.startsWith(`${payload}\n`), label);
        }
        assert.deepEqual(violations, []);
        assertNoProblems(problems);
      } finally {
        await close();
      }
    });
  });
}
