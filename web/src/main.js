// The polytwist app page: one <polytwist-player controls="full" keyboard="page"> (the standalone
// element, loaded by its own script tag) with the page's God's number panel in its "panel" slot,
// the engine's version in the header, and ?puzzle=ID kept in the address. See docs/web.md.
import { EngineClient } from "./engine/client.js";
import { createGodsNumberPanel } from "./ui/gods-number.js";

/** The page's elements with an id, by camelCased id: ui.godsCompute is #gods-compute. */
const ui = Object.fromEntries(
  [...document.querySelectorAll("[id]")].map((el) => [
    el.id.replace(/-(\w)/g, (_, c) => c.toUpperCase()),
    el,
  ]),
);
const { app: player } = ui;

// Before the element is defined, so that it starts with this puzzle.
const wanted = new URLSearchParams(location.search).get("puzzle");
if (wanted) player.setAttribute("puzzle", wanted);

function keepPuzzleInAddress(id) {
  const url = new URL(location.href);
  url.searchParams.set("puzzle", id);
  history.replaceState(null, "", url);
}

async function showVersion() {
  try {
    const answer = await player.engine.version();
    if (answer.ok) ui.version.textContent = `engine ${answer.version}`;
  } catch {
    // The player itself shows why the engine did not answer.
  }
}

customElements.whenDefined("polytwist-player").then(() => {
  // The distance table gets its own worker, so the puzzle stays playable while it is computed.
  const gods = createGodsNumberPanel({ ui, player, createClient: () => new EngineClient() });
  let puzzle = "";
  player.addEventListener("statechange", ({ detail }) => {
    if (detail.puzzle === puzzle) {
      gods.positionChanged();
      return;
    }
    puzzle = detail.puzzle;
    gods.puzzleChanged();
    keepPuzzleInAddress(puzzle);
  });
  showVersion();
});
