// Frame times of the 3D player while it turns (docs/benchmarks.md, issue 23's ≤ 16 ms goal): for
// each puzzle, the app page at 1366×800 in headless Chromium (WebGL in software, SwiftShader)
// plays 24 turns at the default speed, and the page records the interval between animation
// frames while they play. Prints one JSON line per puzzle: frames, mean, median, p95 and max
// interval (ms), and the share of frames within 16.7 ms (one 60 Hz refresh).
// Usage: node web/bench/frame-time.mjs [PUZZLE ...]   (after `npm run build:web`)
import { gotoPuzzle, idle, startSite } from "../../tests/js/browser.mjs";

const puzzles = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["cube3", "cube7", "megaminx", "gigaminx"];
const TURNS = 24;

/** TURNS quarter-ish turns cycling over the first face moves of the puzzle's geometry. */
async function turnsOf(page, id) {
  return page.evaluate(
    async ([puzzle, count]) => {
      const { engine } = document.querySelector("#app");
      const answer = await engine.call("puzzleGeometry", puzzle);
      const plain = answer.ok
        ? answer.geometry.turns.map((t) => t.token).filter((t) => /^[A-Z]+$/.test(t))
        : ["R", "U", "F"];
      return Array.from({ length: count }, (_, i) => plain[(i * 7) % plain.length]).join(" ");
    },
    [id, TURNS],
  );
}

const site = await startSite();
try {
  for (const id of puzzles) {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 800 } });
    await gotoPuzzle(page, site.url, id);
    const moves = await turnsOf(page, id);
    await page.evaluate(() => {
      window.frameGaps = [];
      let last = performance.now();
      const tick = (now) => {
        window.frameGaps.push(now - last);
        last = now;
        window.frameLoop = requestAnimationFrame(tick);
      };
      window.frameLoop = requestAnimationFrame(tick);
    });
    await page.fill("#notation", moves);
    await page.click("#apply");
    await idle(page, 120_000);
    const gaps = await page.evaluate(() => {
      cancelAnimationFrame(window.frameLoop);
      return window.frameGaps.slice(2);
    });
    gaps.sort((a, b) => a - b);
    const at = (q) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))];
    const round = (x) => Math.round(x * 10) / 10;
    console.log(
      JSON.stringify({
        puzzle: id,
        turns: TURNS,
        frames: gaps.length,
        mean_ms: round(gaps.reduce((a, b) => a + b, 0) / gaps.length),
        median_ms: round(at(0.5)),
        p95_ms: round(at(0.95)),
        max_ms: round(gaps.at(-1)),
        within_60hz: round(gaps.filter((g) => g <= 16.7 + 0.5).length / gaps.length),
      }),
    );
    await page.close();
  }
} finally {
  await site.close();
}
