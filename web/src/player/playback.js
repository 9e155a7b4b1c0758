// Solution playback: the move list (the last move played marked aria-current="step"; selecting a
// move goes to the position after it), step back / step / play / pause, start and end. Every
// position it shows is one the engine computed when the solution was loaded; turns are animated,
// then the engine's position is shown.

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  solution panel elements of index.html
 * @param {{run: (task: () => Promise<any>) => Promise<any>}} options.tasks
 * @param {(move: string, answer: object, options?: {reverse?: boolean}) => Promise<void>} options.animateTo
 *   animates `move` on the model, then shows `answer` (an engine position)
 * @param {{pauseMs: () => number}} options.speed
 * @param {() => void} options.onChange  called when playing starts or stops
 */
export function createPlayback({ ui, tasks, animateTo, speed, onChange }) {
  let moves = [];
  let positions = []; // positions[k]: the engine's position after k moves
  let cursor = 0; // moves played
  let animating = null; // index of the move being animated
  let playing = false;
  let generation = 0; // bumped by load/clear: queued steps of an older solution do nothing
  let onEnd = () => {};

  function render() {
    ui.solutionPanel.hidden = moves.length === 0 && positions.length === 0;
    ui.solutionLength.textContent =
      moves.length === 0
        ? "(already solved)"
        : `${moves.length} ${moves.length === 1 ? "move" : "moves"}`;
    const highlighted = animating ?? cursor - 1;
    [...ui.moves.children].forEach((item, i) => {
      const button = item.firstElementChild;
      if (i === highlighted) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
      button.classList.toggle("played", i < cursor);
    });
    ui.toStart.disabled = ui.stepBack.disabled = cursor === 0;
    ui.step.disabled = ui.toEnd.disabled = cursor >= moves.length;
    ui.play.disabled = moves.length === 0;
    ui.play.dataset.playing = String(playing);
    ui.play.setAttribute("aria-label", playing ? "Pause" : "Play");
    ui.solutionPanel.dataset.cursor = String(cursor);
    ui.solutionPanel.dataset.playing = String(playing);
  }

  function setPlaying(value) {
    if (playing === value) return;
    playing = value;
    render();
    onChange();
  }

  /** Shows a solution: its moves and the engine's position after each prefix (k = 0…n). */
  function load(solutionMoves, solutionPositions, { whenSolved = () => {} } = {}) {
    generation++;
    moves = solutionMoves;
    positions = solutionPositions;
    cursor = 0;
    animating = null;
    onEnd = whenSolved;
    ui.moves.replaceChildren(
      ...moves.map((move, i) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = move;
        button.setAttribute("aria-label", `Move ${i + 1}: ${move}`);
        button.addEventListener("click", () => jump(i + 1));
        item.append(button);
        return item;
      }),
    );
    setPlaying(false);
    render();
  }

  /** Forgets the solution (the position changed some other way). */
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

  /** Queues one step; `direction` +1 or −1. Resolves false if there was nothing to do. */
  function step(direction) {
    const mine = generation;
    return tasks.run(async () => {
      if (mine !== generation) return false;
      const target = cursor + direction;
      if (target < 0 || target > moves.length) return false;
      const index = direction > 0 ? cursor : target;
      animating = index;
      render();
      await animateTo(moves[index], positions[target], { reverse: direction < 0 });
      if (mine !== generation) return false;
      cursor = target;
      animating = null;
      render();
      if (cursor === moves.length) onEnd();
      return true;
    });
  }

  /** Goes straight to the position after `k` moves (animated when it is one step away). */
  function jump(k) {
    setPlaying(false);
    if (Math.abs(k - cursor) === 1) return step(k - cursor);
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
    if (cursor >= moves.length) await jump(0);
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

  ui.toStart.addEventListener("click", () => jump(0));
  ui.stepBack.addEventListener("click", () => {
    pause();
    step(-1);
  });
  ui.play.addEventListener("click", () => (playing ? pause() : play()));
  ui.step.addEventListener("click", () => {
    pause();
    step(+1);
  });
  ui.toEnd.addEventListener("click", () => jump(moves.length));
  render();

  return {
    load,
    clear,
    play,
    pause,
    playPause: () => (playing ? pause() : play()),
    back: () => {
      pause();
      step(-1);
    },
    forward: () => {
      pause();
      step(+1);
    },
    /** True while playing (including the pauses between moves). */
    get playing() {
      return playing;
    },
    /** Whether `move` is the next move of the loaded solution (a user following along). */
    isNext: (move) => cursor < moves.length && moves[cursor] === move && animating === null,
  };
}
