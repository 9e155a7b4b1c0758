// The app page's Share button: a link to this page with the puzzle, the position, the move list
// and the step shown (./link.js), copied to the clipboard and also shown in a text field, from
// which it can be copied by hand where the clipboard is not available. The page's address is the
// same link, kept up to date as the player changes (../main.js).
import { APPEARANCE_PARAMS, VIEW_PARAMS, encodeShareLink } from "./link.js";

/**
 * The share link of what `player` shows: while the position is on the move list, the list's
 * start, its moves and the step shown (so the link opens there, ready to play on); otherwise the
 * position alone.
 * @returns {{ok: true, url: string} | {ok: false, error: string}}
 */
export function shareLinkOf(player, baseUrl) {
  if (!player.puzzleInfo) return { ok: false, error: "no puzzle is shown" };
  const onList = player.moves.length > 0 && player.moveIndex !== null;
  const from = onList ? player.movesStart : { state: player.state, facelets: player.facelets };
  // A puzzle the player was given by its description travels as that description.
  const description = player.description.trim();
  return encodeShareLink(baseUrl, {
    ...(description ? { description } : { puzzle: player.puzzleInfo.id }),
    // Left out only for the engine's own solved state (""), not for any solved one: a solved
    // domino may be turned about its U–D axis, and the link keeps the colours where they are.
    // A puzzle without stickers (no facelets) by the engine's state text.
    position:
      from.state === ""
        ? null
        : from.facelets
          ? { facelets: from.facelets }
          : { state: from.state },
    // As written: a commutator travels as [A, B], its step counting the turns played. A
    // solution as solution, other moves (typed, an alg) as alg.
    [onList && !player.movesAreSolution ? "alg" : "solution"]: onList ? player.movesWritten : "",
    step: onList ? player.moveIndex : 0,
    // A numbered puzzle's own (none: its example numbering, which needs no saying).
    numbering: player.numberingInfo ? player.numbering : "",
    groups: player.numberingInfo ? player.numberingGroups : "",
    // How it is shown: the view attributes the player has, as they are written.
    view: Object.fromEntries(
      VIEW_PARAMS.filter((name) => player.hasAttribute(name)).map((name) => [
        name,
        player.getAttribute(name),
      ]),
    ),
    appearance: Object.fromEntries(APPEARANCE_PARAMS.map((param) => [param, player[param]])),
  });
}

/**
 * @param {{share: HTMLButtonElement, shareStatus: HTMLElement, shareOutput: HTMLElement,
 *   shareUrl: HTMLInputElement}} ui
 * @param {import("../player/polytwist-player.js").PolytwistPlayer} player
 */
export function createShareButton({ ui, player }) {
  function setStatus(text, kind = "") {
    ui.shareStatus.textContent = text;
    ui.shareStatus.dataset.kind = kind;
  }

  ui.share.addEventListener("click", async () => {
    const link = shareLinkOf(player, location.href);
    if (!link.ok) {
      ui.shareOutput.hidden = true;
      setStatus(`No link: ${link.error}`, "error");
      return;
    }
    ui.shareUrl.value = link.url;
    ui.shareOutput.hidden = false;
    try {
      await navigator.clipboard.writeText(link.url);
      setStatus("Link copied to the clipboard.");
    } catch {
      ui.shareUrl.focus();
      ui.shareUrl.select();
      setStatus("Copy the link from the box below.");
    }
  });

  // A link shown for an earlier position is put away once the player shows another one.
  player.addEventListener("statechange", () => {
    ui.share.disabled = false;
    if (ui.shareOutput.hidden || shareLinkOf(player, location.href).url === ui.shareUrl.value) {
      return;
    }
    ui.shareOutput.hidden = true;
    setStatus("");
  });
}
