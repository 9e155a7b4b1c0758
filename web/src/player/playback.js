// Playing a sequence of moves: the alg of a player, or a solution the engine found. The move list
// (the last move played marked aria-current="step"; selecting a move goes to the position after
// it), step back / step / play / pause, start and end. Every position it shows is one the engine
// computed when the sequence was loaded; turns are animated, then the engine's position is shown.
//
// A turn made some other way (a drag, a key) that is not the next move leaves the sequence: no
// move is marked and stepping is off until a move, the start or the end is selected again.

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the solution panel's elements
 * @param {{run: (task: () => Promise<any>) => Promise<any>}} options.tasks
 * @param {(move: string | null, answer: object, how?: {reverse?: boolean, index?: number}) => Promise<void>} options.animateTo
 *   animates `move` (move `index` of the sequence) on the model, then shows `answer` (an engine
 *   position)
 * @param {{pauseMs: () => number}} options.speed
 * @param {() => void} options.onChange  called when playing starts or stops
 */
export function createPlayback({ ui, tasks, animateTo, speed, onChange }) {
  let moves = [];
  let positions = []; // positions[k]: the engine's position after k moves
  let cursor = 0; // moves played; null once the puzzle left the sequence
  let animating = null; // index of the move being animated
  let playing = false;
  let generation = 0; // bumped by load/clear: queued steps of an older sequence do nothing
  let onEnd = () => {};

  const loaded = () => positions.length > 0;

  function render() {
    ui.solutionPanel.hidden = !loaded();
    ui.solutionLength.textContent =
      moves.length === 0
        ? "(already solved)"
        : `${moves.length} ${moves.length === 1 ? "move" : "moves"}`;
    const highlighted = animating ?? (cursor === null ? null : cursor - 1);
    [...ui.moves.children].forEach((item, i) => {
      const button = item.firstElementChild;
      if (i === highlighted) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
      button.classList.toggle("played", cursor !== null && i < cursor);
    });
    const away = cursor === null;
    ui.toStart.disabled = !away && cursor === 0;
    ui.stepBack.disabled = away || cursor === 0;
    ui.step.disabled = away || cursor >= moves.length;
    ui.toEnd.disabled = !away && cursor >= moves.length;
    ui.play.disabled = moves.length === 0;
    ui.play.dataset.playing = String(playing);
    ui.play.setAttribute("aria-label", playing ? "Pause" : "Play");
    ui.solutionPanel.dataset.cursor = away ? "" : String(cursor);
    ui.solutionPanel.dataset.playing = String(playing);
  }

  function setPlaying(value) {
    if (playing === value) return;
    playing = value;
    render();
    onChange();
  }

  /**
   * Shows a sequence: its moves and the engine's position after each prefix (k = 0…n), under
   * `title` ("Solution", "Algorithm", …); `whenSolved` runs whenever the end is reached.
   */
  function load(sequenceMoves, sequencePositions, { title, whenSolved = () => {} }) {
    generation++;
    moves = sequenceMoves;
    positions = sequencePositions;
    cursor = 0;
    animating = null;
    onEnd = whenSolved;
    ui.solutionName.textContent = title;
    ui.moves.replaceChildren(
      ...moves.map((move, i) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = move;
        button.setAttribute("aria-label", `Move ${i + 1}: ${move}`);
        button.addEventListener("click", () => goTo(i + 1));
        item.append(button);
        return item;
      }),
    );
    setPlaying(false);
    render();
  }

  /** Forgets the sequence (a new position was set some other way). */
  function clear() {
    generation++;
    moves = [];
    positions = [];
    cursor = 0;
    animating = null;
    ui.moves.replaceChildren();
    setPlaying(false);
    render();
  }

  /** The puzzle was turned off the sequence: keep the list, mark no move, stop stepping. */
  function leave() {
    if (!loaded()) return;
    generation++;
    cursor = null;
    animating = null;
    setPlaying(false);
    render();
  }

  /** Queues one step; `direction` +1 or −1. Resolves false if there was nothing to do. */
  function step(direction) {
    const mine = generation;
    return tasks.run(async () => {
      if (mine !== generation || cursor === null) return false;
      const target = cursor + direction;
      if (target < 0 || target > moves.length) return false;
      const index = direction > 0 ? cursor : target;
      animating = index;
      render();
      await animateTo(moves[index], positions[target], { reverse: direction < 0, index });
      if (mine !== generation) return false;
      cursor = target;
      animating = null;
      render();
      if (cursor === moves.length) onEnd();
      return true;
    });
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
      render();
      if (cursor === moves.length) onEnd();
    });
  }

  async function play() {
    if (playing || moves.length === 0) return;
    if (cursor === null || cursor >= moves.length) await goTo(0);
    const mine = generation;
    setPlaying(true);
    while (playing && mine === generation && cursor < moves.length) {
      const stepped = await step(+1);
      if (!stepped) break;
      if (playing && cursor < moves.length) {
        await new Promise((resolve) => setTimeout(resolve, speed.pauseMs()));
      }
    }
    if (mine === generation) setPlaying(false);
  }

  const pause = () => setPlaying(false);
  const back = () => {
    pause();
    return step(-1);
  };
  const forward = () => {
    pause();
    return step(+1);
  };

  ui.toStart.addEventListener("click", () => goTo(0));
  ui.stepBack.addEventListener("click", back);
  ui.play.addEventListener("click", () => (playing ? pause() : play()));
  ui.step.addEventListener("click", forward);
  ui.toEnd.addEventListener("click", () => goTo(moves.length));
  render();

  return {
    load,
    clear,
    leave,
    play,
    pause,
    playPause: () => (playing ? pause() : play()),
    back,
    forward,
    goTo,
    /** True while playing (including the pauses between moves). */
    get playing() {
      return playing;
    },
    /** Moves played, or null when the puzzle left the sequence. */
    get cursor() {
      return cursor;
    },
    /** The loaded sequence's moves. */
    get moves() {
      return [...moves];
    },
    /** The engine's position the sequence starts from, or null when none is loaded. */
    get start() {
      return positions[0] ?? null;
    },
    /** Whether `move` is the next move of the loaded sequence (a user following along). */
    isNext: (move) =>
      cursor !== null && cursor < moves.length && moves[cursor] === move && animating === null,
  };
}
