// The polytwist app page: one <polytwist-player controls="full" keyboard="page"> (the standalone
// element, loaded by its own script tag) with the page's Share button in its "controls" slot and,
// in its "panel" slot, the numbering panel (numbered puzzles only) and the God's number panel;
// timer mode (./timer/), whose timer card stands above the player and whose session list takes
// the panels' place;
// the engine's version in the header; share links (?puzzle=ID or ?description=… alone, or with a
// position, a solution and its step, a numbering, view settings) opened from the address, which then follows what the player
// shows, so a reload or a return to the page comes back to the same place; and the offline app's
// service worker, with a notice when an update is ready. See docs/web.md.
import { EngineClient } from "./engine/client.js";
import { createNumberingPanel } from "./numbering/numbering-panel.js";
import { registerOfflineApp } from "./pwa/register.js";
import { createUpdatePrompt } from "./pwa/update-prompt.js";
import { VIEW_PARAMS, decodeShareLink } from "./share/link.js";
import { openShareLink, puzzleProblem } from "./share/open-link.js";
import { createShareButton, shareLinkOf } from "./share/share-button.js";
import { createTimerMode } from "./timer/timer-mode.js";
import { showBidiControls } from "./ui/format.js";
import { createGodsNumberPanel } from "./ui/gods-number.js";
import { renderNotationError } from "./ui/notation-error.js";

/** The address follows the player at most this often (browsers limit history updates). */
const ADDRESS_DELAY_MS = 250;

/** The page's elements with an id, by camelCased id: ui.godsCompute is #gods-compute. */
const ui = Object.fromEntries(
  [...document.querySelectorAll("[id]")].map((el) => [
    el.id.replace(/-(\w)/g, (_, c) => c.toUpperCase()),
    el,
  ]),
);
const { app: player } = ui;

// Before the element is defined, so that it starts with this puzzle (a description, when the
// link gives one, wins over an id, as on the element). A puzzle the link itself refuses (a
// description in puzzle=) is not tried: the link card says why, and the first puzzle is shown.
const link = decodeShareLink(location.href);
const params = new URLSearchParams(location.search);
const named = params.get("description")?.trim()
  ? { attribute: "description", name: params.get("description").trim() }
  : params.get("puzzle") && { attribute: "puzzle", name: params.get("puzzle") };
const wanted = named && link?.param !== named.attribute ? named : null;
if (wanted) player.setAttribute(wanted.attribute, wanted.name);
// How the link shows it (back view, net, …): the player checks these as its own attributes.
if (link?.ok)
  for (const [name, value] of Object.entries(link.view)) player.setAttribute(name, value);
// How the link draws the puzzle: the player's attributes of the same names, which it checks.
if (link?.ok)
  for (const [name, value] of Object.entries(link.appearance)) player.setAttribute(name, value);

/**
 * Shows what was wrong with the link: {error, column?, text?} (a caret under `text`'s column). The
 * message may quote the link (the engine names an unknown puzzle as given): as text, with no
 * bidirectional override left to reverse it.
 */
function showLinkProblem({ error, column, text }) {
  const shown = showBidiControls(error);
  if (text === undefined) ui.linkProblemText.textContent = shown;
  else renderNotationError(ui.linkProblemText, text, { error: shown, column });
  ui.linkProblem.hidden = false;
}
ui.linkProblemClose.addEventListener("click", () => (ui.linkProblem.hidden = true));
if (link && !link.ok) showLinkProblem(link);

/**
 * Shows the link's puzzle and what else it gives. A puzzle the engine does not know is named on
 * the card, and the player shows its first puzzle instead.
 */
async function openLink() {
  await player.ready;
  if (!player.puzzleInfo) {
    const answer = await player.engine.puzzleInfo(wanted?.name ?? "");
    showLinkProblem(puzzleProblem(wanted?.attribute ?? "puzzle", answer));
    player.removeAttribute("description");
    player.puzzle = "";
    await player.reset();
    return;
  }
  const given = link?.ok && (link.position || link.solution || link.numbering || link.groups);
  if (!given) return;
  const problem = await openShareLink(player, link);
  if (problem) showLinkProblem(problem);
}

/** From now on the address is the share link of what the player shows (replaced, not pushed). */
function followInAddress() {
  let timer = 0;
  const update = () => {
    timer = 0;
    const shown = shareLinkOf(player, location.href);
    if (shown.ok && shown.url !== location.href) history.replaceState(null, "", shown.url);
  };
  const later = () => {
    timer ||= setTimeout(update, ADDRESS_DELAY_MS);
  };
  player.addEventListener("statechange", later);
  player.addEventListener("playback", later);
  // The view settings the link carries (the Net / 3D button sets one).
  new MutationObserver(later).observe(player, { attributeFilter: VIEW_PARAMS });
  update();
}

async function showVersion() {
  try {
    const answer = await player.engine.version();
    if (answer.ok) ui.version.textContent = `engine ${answer.version}`;
  } catch {
    // The player itself shows why the engine did not answer.
  }
}

customElements.whenDefined("polytwist-player").then(async () => {
  // The distance table gets its own worker, so the puzzle stays playable while it is computed.
  const gods = createGodsNumberPanel({ ui, player, createClient: () => new EngineClient() });
  // The designer gets its own worker too.
  const numbering = createNumberingPanel({ ui, player, createClient: () => new EngineClient() });
  const timer = createTimerMode({ ui, player });
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
    timer.puzzleChanged();
  });
  createShareButton({ ui, player });
  showVersion();
  try {
    await openLink();
  } catch {
    return; // the engine could not be asked: the player itself shows why
  }
  // After the link's position, which the timer's scramble then replaces.
  timer.restoreMode();
  followInAddress();
});

registerOfflineApp(createUpdatePrompt(ui.updatePrompt), {
  // The reload into cross-origin isolation waits for these (a solve, the God's number table).
  busy: () => player.busy || ui.gods.dataset.state === "computing",
});
