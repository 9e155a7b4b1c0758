// Playing a sequence of moves: the alg of a player, or a solution the engine found. Headless: it
// holds the moves, the engine's position after each prefix, the cursor and whether it plays, and
// says when any of that changed; ./dom/move-list.js draws it. Every position it shows is one the
// engine computed when the sequence was loaded; animateTo animates a turn, then shows it.
//
// A turn made some other way (a drag, a key) that is not the next move leaves the sequence: the
// cursor is null and stepping is off until a move, the start or the end is selected again.

/**
 * @param {object} options
 * @param {{run: (task: () => Promise<any>) => Promise<any>}} options.tasks
 * @param {(move: string | null, answer: object, how?: {reverse?: boolean, index?: number}) => Promise<void>} options.animateTo
 *   animates `move` (move `index` of the sequence), then shows `answer` (an engine position)
 * @param {() => number} options.pauseMs  the pause between two moves while playing
 * @param {() => void} options.onChange  called after anything a view of the list shows changed
 */
export function createPlayback({ tasks, animateTo, pauseMs, onChange }) {
  let moves = [];
  let positions = []; // positions[k]: the engine's position after k moves
  let cursor = 0; // moves played; null once the puzzle left the sequence
  let animating = null; // index of the move being animated
  let playing = false;
  let title = "";
  let written = null; // the sequence as written, when its moves are its turns (moves.js)
  let generation = 0; // bumped by load/clear/leave: queued steps of an older sequence do nothing
  let onEnd = () => {};

  function setPlaying(value) {
    if (playing === value) return;
    playing = value;
    onChange();
  }

  /**
   * Takes a sequence: its moves and the engine's position after each prefix (k = 0…n), under
   * `title` ("Solution", "Moves", …), with the cursor at move `step` (the caller shows that
   * position: `shown`); `whenSolved` runs whenever the end is reached. `asWritten` (moves.js's
   * writtenSequence, one step piece per move) keeps how the moves were written.
   */
  function load(
    sequenceMoves,
    sequencePositions,
    { title: name, whenSolved = () => {}, step = 0, asWritten = null },
  ) {
    generation++;
    moves = sequenceMoves;
    positions = sequencePositions;
    written = asWritten?.stepPiece.length === sequenceMoves.length ? asWritten : null;
    cursor = Math.max(0, Math.min(step, moves.length));
    animating = null;
    playing = false;
    title = name;
    onEnd = whenSolved;
    onChange();
  }

  /** Forgets the sequence (a new position was set some other way). */
  function clear() {
    generation++;
    moves = [];
    positions = [];
    written = null;
    cursor = 0;
    animating = null;
    playing = false;
    onChange();
  }

  /** The puzzle was turned off the sequence: keep the list, mark no move, stop stepping. */
  function leave() {
    if (positions.length === 0) return;
    generation++;
    cursor = null;
    animating = null;
    playing = false;
    onChange();
  }

  /**
   * One step (`direction` +1 or −1) of sequence `mine` (a generation), run by a task. Resolves
   * false if there was nothing to do.
   */
  async function takeStep(direction, mine, how = {}) {
    if (mine !== generation || cursor === null) return false;
    const target = cursor + direction;
    if (target < 0 || target > moves.length) return false;
    const index = direction > 0 ? cursor : target;
    animating = index;
    onChange();
    await animateTo(moves[index], positions[target], { ...how, reverse: direction < 0, index });
    if (mine !== generation) return false;
    cursor = target;
    animating = null;
    onChange();
    if (cursor === moves.length) onEnd();
    return true;
  }

  /**
   * Queues one step; `direction` +1 or −1; `how` as animateTo takes it (a drag's `shown` and
   * `otherWay`). Resolves false if there was nothing to do.
   */
  function step(direction, how) {
    const mine = generation;
    return tasks.run(() => takeStep(direction, mine, how));
  }

  /**
   * Plays from the cursor to the end inside the task that calls it (moves typed in the box: what
   * is queued after them waits until they are played), with no pause between the moves; pausing
   * stops it at the next move.
   */
  async function playInTask() {
    const mine = generation;
    setPlaying(true);
    while (playing && cursor !== null && cursor < moves.length) {
      if (!(await takeStep(+1, mine))) break;
    }
    if (mine === generation) setPlaying(false);
  }

  /** Goes to the position after `k` moves (animated when it is one step away). */
  function goTo(k) {
    setPlaying(false);
    if (cursor !== null && Math.abs(k - cursor) === 1) return step(k - cursor);
    const mine = generation;
    return tasks.run(async () => {
      if (mine !== generation || !positions[k]) return;
      cursor = k;
      await animateTo(null, positions[k]);
      onChange();
      if (cursor === moves.length) onEnd();
    });
  }

  /** Plays to the end; from the start when at the end or off the sequence. */
  async function play() {
    if (playing || moves.length === 0) return;
    if (cursor === null || cursor >= moves.length) await goTo(0);
    const mine = generation;
    setPlaying(true);
    while (playing && mine === generation && cursor < moves.length) {
      const stepped = await step(+1);
      if (!stepped) break;
      if (playing && cursor < moves.length) {
        await new Promise((resolve) => setTimeout(resolve, pauseMs()));
      }
    }
    if (mine === generation) setPlaying(false);
  }

  const pause = () => setPlaying(false);

  return {
    load,
    clear,
    leave,
    play,
    playInTask,
    pause,
    goTo,
    back: () => {
      pause();
      return step(-1);
    },
    /** One step on; `how`: a drag that made the next move ({shown, otherWay}, animateTo's). */
    forward: (how) => {
      pause();
      return step(+1, how);
    },
    /** The loaded sequence's moves. */
    get moves() {
      return [...moves];
    },
    /** How the loaded sequence was written ({text, pieces, stepPiece}, moves.js), or null. */
    get written() {
      return written;
    },
    /** Whether a sequence is loaded (possibly of no moves: "already solved"). */
    get loaded() {
      return positions.length > 0;
    },
    /** Moves played, or null when the puzzle left the sequence. */
    get cursor() {
      return cursor;
    },
    /** The index of the move being animated, or null. */
    get animating() {
      return animating;
    },
    /** True while playing (including the pauses between moves). */
    get playing() {
      return playing;
    },
    /** What the sequence is ("Solution", "Moves"). */
    get title() {
      return title;
    },
    /** Whether play() would start again from the start (at the end, or off the sequence). */
    get playsFromStart() {
      return moves.length > 0 && (cursor === null || cursor >= moves.length);
    },
    /** The engine's position at the cursor, or null (no sequence, or off it). */
    get shown() {
      return cursor === null ? null : (positions[cursor] ?? null);
    },
    /** The engine's position the sequence starts from, or null when none is loaded. */
    get start() {
      return positions[0] ?? null;
    },
    /** The engine's position after `k` moves of the sequence, or null (an export's frames). */
    positionAt: (k) => positions[k] ?? null,
    /** Whether `move` is the next move of the loaded sequence (a user following along). */
    isNext: (move) =>
      cursor !== null && cursor < moves.length && moves[cursor] === move && animating === null,
  };
}
