// The polytwist app page: one <polytwist-player controls="full" keyboard="page"> (the standalone
// element, loaded by its own script tag) with the page's Share button in its "controls" slot and,
// in its "panel" slot, the numbering panel (numbered puzzles only) and the God's number panel;
// the engine's version in the header; share links (?puzzle=ID alone, or with a position, a
// solution, a numbering) opened from the address; and the offline app's service worker, with a
// notice when an update is ready. See docs/web.md.
import { EngineClient } from "./engine/client.js";
import { createNumberingPanel } from "./numbering/numbering-panel.js";
import { registerOfflineApp } from "./pwa/register.js";
import { createUpdatePrompt } from "./pwa/update-prompt.js";
import { SHARE_PARAMS, decodeShareLink } from "./share/link.js";
import { openShareLink } from "./share/open-link.js";
import { createShareButton } from "./share/share-button.js";
import { createGodsNumberPanel } from "./ui/gods-number.js";
import { renderNotationError } from "./ui/notation-error.js";

/** The page's elements with an id, by camelCased id: ui.godsCompute is #gods-compute. */
const ui = Object.fromEntries(
  [...document.querySelectorAll("[id]")].map((el) => [
    el.id.replace(/-(\w)/g, (_, c) => c.toUpperCase()),
    el,
  ]),
);
const { app: player } = ui;

// Before the element is defined, so that it starts with this puzzle.
const link = decodeShareLink(location.href);
const wanted = new URLSearchParams(location.search).get("puzzle");
if (wanted) player.setAttribute("puzzle", wanted);

/** Shows what was wrong with the link: {error, column?, text?} (a caret under `text`'s column). */
function showLinkProblem({ error, column, text }) {
  if (text === undefined) ui.linkProblemText.textContent = error;
  else renderNotationError(ui.linkProblemText, text, { error, column });
  ui.linkProblem.hidden = false;
}
ui.linkProblemClose.addEventListener("click", () => (ui.linkProblem.hidden = true));
if (link && !link.ok) showLinkProblem(link);

/** Keeps ?puzzle=ID in the address; a link's position and solution go when the puzzle changes. */
function keepPuzzleInAddress(id) {
  const url = new URL(location.href);
  if (url.searchParams.get("puzzle") === id) return;
  for (const param of SHARE_PARAMS) url.searchParams.delete(param);
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
  // The designer gets its own worker too.
  const numbering = createNumberingPanel({ ui, player, createClient: () => new EngineClient() });
  let puzzle = "";
  player.addEventListener("statechange", ({ detail }) => {
    if (detail.puzzle === puzzle) {
      gods.positionChanged();
      numbering.positionChanged();
      return;
    }
    puzzle = detail.puzzle;
    gods.puzzleChanged();
    numbering.puzzleChanged();
    keepPuzzleInAddress(puzzle);
  });
  createShareButton({ ui, player });
  if (link?.ok && (link.position || link.solution || link.numbering || link.groups)) {
    openShareLink(player, link).then((problem) => problem && showLinkProblem(problem));
  }
  showVersion();
});

registerOfflineApp(createUpdatePrompt(ui.updatePrompt));
