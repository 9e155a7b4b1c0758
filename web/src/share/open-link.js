// Opening a share link on the app page: the decoded link (./link.js) is checked by the engine
// before the player shows it. The position comes from `facelets` (validated), `state` (read by
// applyMoves: a puzzle without stickers) or `setup` (applied from solved); `solution` is loaded
// as the player's move list, at move `step`. What the engine
// refuses is returned as a problem naming the parameter, and the rest is still shown; facelets
// with one letter per sticker that are not a possible position open the colour editor on them,
// with the stickers at fault marked. A numbered puzzle's `numbering` and `groups` are checked by
// the engine too and given to the player first; one it refuses is named, and the puzzle keeps
// its example numbering (or no groups).
import { numberingMessage } from "../player/numbering.js";

/** A problem with a sequence: the engine's message, with the column it names in `text`. */
function notationProblem(param, text, answer) {
  return { param, error: `${param}: ${answer.error}`, column: answer.column, text };
}

/**
 * Gives a numbered puzzle the link's numbering and groups once the engine accepts them. Resolves
 * null, or the problem with the first part it refuses (the engine's message names the sticker).
 */
async function openNumbering(player, puzzle, numbering, groups) {
  if (!numbering.trim() && !groups.trim()) return null;
  const info = player.puzzleInfo;
  if (!player.numberingInfo) {
    const param = numbering.trim() ? "numbering" : "groups";
    return {
      param,
      error: `${param}: the ${info.name} has no numbering (its stickers are colours)`,
    };
  }
  const { engine } = player;
  const text = numbering.trim() ? numbering : player.numberingInfo.example;
  const alone = await engine.numberingPosition(puzzle, "", text, "");
  const problem = (param, answer) => ({
    param,
    error: `${param}: ${numberingMessage(answer.error)}`,
  });
  if (!alone.ok) return problem("numbering", alone);
  const grouped = await engine.numberingPosition(puzzle, "", text, groups);
  if (!grouped.ok) {
    await player.setNumbering(numbering, "");
    return problem("groups", grouped);
  }
  await player.setNumbering(numbering, groups);
  return null;
}

/**
 * The problem of a link whose puzzle (`param`: "puzzle" or "description") the engine refused,
 * from its puzzleInfo answer. The engine says "puzzle description: …" of its argument; here the
 * parameter names it.
 */
export function puzzleProblem(param, answer) {
  const reason = answer.error?.replace(/^puzzle description: /, "");
  return { param, error: `${param}: ${reason ?? "the player could not show it"}` };
}

/**
 * Shows a decoded share link in `player` (whose `puzzle` or `description` attribute was set from
 * the link before it started). Resolves null when everything was shown, else {param, error,
 * column?, text?}.
 * @param {import("../player/polytwist-player.js").PolytwistPlayer} player
 * @param {{puzzle: string, position: null | {facelets: string} | {setup: string} | {state: string},
 *   solution: string, step: number, numbering: string, groups: string}} link  an ok answer of
 *   decodeShareLink
 */
export async function openShareLink(
  player,
  { puzzle, description, position, solution, isSolution = true, step, numbering, groups },
) {
  await player.ready;
  const { engine } = player;
  const info = player.puzzleInfo;
  // A description the catalogue knows shows the catalogue's puzzle, under its own id.
  const shown = description
    ? info && player.description.trim() === description
    : info?.id === puzzle;
  if (!shown) {
    const param = description ? "description" : "puzzle";
    return puzzleProblem(param, await engine.puzzleInfo(puzzle));
  }

  let problem = await openNumbering(player, puzzle, numbering, groups);
  let state = "";
  if (position?.facelets !== undefined) {
    const answer = await engine.validate(puzzle, position.facelets);
    if (!answer.ok) {
      if (position.facelets.length === info.facelet_count) {
        await player.editColours(position.facelets);
      }
      return { param: "facelets", error: `facelets: ${answer.error}` };
    }
    state = answer.state;
  } else if (position?.state !== undefined) {
    const answer = await engine.applyMoves(puzzle, position.state, "");
    if (answer.ok) state = answer.state;
    else problem = { param: "state", error: `state: ${answer.error}` };
  } else if (position?.setup !== undefined) {
    const answer = await engine.applyMoves(puzzle, "", position.setup);
    if (answer.ok) state = answer.state;
    else problem = notationProblem("setup", position.setup, answer);
  }

  let moves = solution;
  if (moves) {
    const played = await engine.applyMoves(puzzle, state, moves);
    if (!played.ok) {
      problem ??= notationProblem(isSolution ? "solution" : "alg", moves, played);
      moves = "";
    }
  }
  await player.setState(state, moves, step, { isSolution });
  const count = player.moves.length;
  if (moves && step > count) {
    problem ??= {
      param: "step",
      error: `step: the solution has ${count} ${count === 1 ? "move" : "moves"}, not ${step}; it is shown at its end`,
    };
  }
  return problem;
}
