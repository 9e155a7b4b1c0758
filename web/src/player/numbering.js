// The numbering of a numbered puzzle (docs/puzzles/numbered_pyraminx.md) in a player: the digit
// each sticker carries in the home arrangement, and extra sticker groups that must also show
// distinct digits. While such a puzzle is shown, every position the player shows carries the
// digits it shows and whether it is solved (every face and group showing distinct digits), both
// from the engine's numberingPosition: applyMoves' own `solved` is the colour puzzle's, which
// means nothing here. Other puzzles' positions pass through unchanged.

/**
 * The engine's message about a numbering or its groups without the "numbering: " it begins with
 * either way, for a caller that names the part at fault itself.
 */
export const numberingMessage = (error) => error.replace(/^numbering: /, "");

/**
 * @param {import("../engine/client.js").EngineSession} engine
 */
export function createNumbering(engine) {
  let current = null; // {puzzle, numbering, groups} while a numbered puzzle is shown

  /**
   * Checks a numbering and its groups with the engine for `puzzle` (the numbering alone first, so
   * a refusal says which of the two is at fault). Resolves {ok: true, digits} (the numbering as
   * the engine reads it, one digit per sticker) or {ok: false, error, source: "numbering" |
   * "groups"}.
   */
  async function check(puzzle, numbering, groups) {
    const alone = await engine.numberingPosition(puzzle, "", numbering, "");
    if (!alone.ok) return { ...alone, source: "numbering" };
    if (!groups.trim()) return alone;
    const grouped = await engine.numberingPosition(puzzle, "", numbering, groups);
    return grouped.ok ? grouped : { ...grouped, source: "groups" };
  }

  return {
    check,
    /**
     * Uses this numbering (as check() answered its digits, so that two ways of writing one
     * numbering are the same) for the numbered puzzle `puzzle`.
     */
    use(puzzle, numbering, groups) {
      current = { puzzle, numbering, groups };
    },
    /** The puzzle shown is not a numbered one. */
    clear() {
      current = null;
    },
    /** {numbering, groups} in use, or null for a puzzle without digits. */
    get current() {
      return current && { numbering: current.numbering, groups: current.groups };
    },

    /**
     * The engine's applyMoves answer; for the numbered puzzle, with its digits, the home sticker
     * each position shows (`sources`, so the model turns each digit with its piece) and solved flag.
     */
    async applyMoves(puzzle, state, moves) {
      const answer = await engine.applyMoves(puzzle, state, moves);
      if (!answer.ok || current?.puzzle !== puzzle) return answer;
      const shown = await engine.numberingPosition(
        puzzle,
        answer.state,
        current.numbering,
        current.groups,
      );
      if (!shown.ok) return shown;
      return { ...answer, digits: shown.digits, sources: shown.sources, solved: shown.solved };
    },

    /**
     * An optimal solution to the nearest solved state: {solution, length, goal, ms}. The first
     * call for a numbering builds its tables (onProgress: {depth, visited, total, scanned}).
     */
    solve(puzzle, state, onProgress) {
      return engine.numberingSolve(puzzle, state, current.numbering, current.groups, onProgress);
    },
  };
}
