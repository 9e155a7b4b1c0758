// The app page's numbering panel, shown while the player shows a numbered puzzle
// (docs/puzzles/numbered_pyraminx.md): the numbering on a flat net of digits (click a sticker and
// type; Tab, arrows and typing move on), optional extra groups, the engine's verdict after every
// change in plain words (edit/problem-words.js; its precise message as the tooltip, the stickers
// it names marked), the count of solved states and a picture of each (click one to show it on
// the puzzle), whether the puzzle shown is solved, and the designer: every bottom face (D) that
// gives the other faces' digits exactly one solved state.
//
// The engine decides everything: numberingSolutions checks and counts, numberingPosition reads a
// numbering text as digits, and an accepted numbering goes to the player (setNumbering), which
// draws the engine's digits. The net and the example come from the player (numberingInfo), so
// this page script needs no three.js. The designer runs in a worker of its own (1–2 s), so the puzzle stays
// playable and Cancel stops only the design.
import { noSolvedStateInWords, numberingProblemInWords } from "../edit/problem-words.js";
import { formatCount, formatMs } from "../ui/format.js";
import { createDigitNet, digitNetPicture } from "./digit-net.js";

/** Solved states listed with a picture (the count covers them all). */
const LISTED_STATES = 24;
const LISTED_DESIGNS = 6;
const VALIDATION_DELAY_MS = 120;
/** The face the designer leaves open. */
const DESIGNED_FACE = "D";

const plural = (n, word) => `${formatCount(n)} ${n === 1 ? word : `${word}s`}`;

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the numbering* elements of index.html
 * @param {import("../player/polytwist-player.js").PolytwistPlayer} options.player
 * @param {() => import("../engine/client.js").EngineClient} options.createClient  the designer's
 */
export function createNumberingPanel({ ui, player, createClient }) {
  let puzzle = ""; // the numbered puzzle shown, "" for any other
  let numbered = null; // its player.numberingInfo: {example, net}
  let net = null;
  let draft = ""; // the numbering being entered: one character per sticker, "?" where none
  let generation = 0; // which change the newest check belongs to
  let timer = 0;
  let states = []; // the listed solved states of the accepted numbering: [{state, digits}]
  let given = null; // the player's numbering and groups the panel last loaded or gave it
  let draftRefused = false; // the net's numbering is refused: the puzzle keeps the last accepted
  let designClient = null;
  let designing = false;

  const { engine } = player;

  /** The verdict in plain words; the engine's precise message, when it differs, as its tooltip. */
  function report(kind, text, precise = "") {
    ui.numbering.dataset.validation = kind;
    ui.numberingVerdict.dataset.kind = kind;
    ui.numberingVerdict.textContent = text;
    if (precise) ui.numberingVerdict.title = precise;
    else ui.numberingVerdict.removeAttribute("title");
  }

  /** The solved state shown, or whether the position is solved at all (the engine's flag). */
  function showWhetherSolved() {
    const index = states.findIndex(({ state }) => state === player.state);
    for (const [i, item] of [...ui.numberingStates.children].entries()) {
      const button = item.querySelector("button");
      if (i === index) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
    }
    ui.numberingShown.dataset.solved = String(player.solved);
    // While the net's numbering is refused, the verdict above speaks of it; this line of the
    // puzzle's, which still has the last accepted one.
    const numbering = draftRefused ? " with the last accepted numbering" : "";
    if (!player.solved) {
      ui.numberingShown.textContent = `Not solved${numbering}: a face or group shows a digit twice.`;
    } else {
      const which = index >= 0 ? ` (solved state ${index + 1})` : "";
      ui.numberingShown.textContent = `Solved${numbering}: every face shows each digit once${which}.`;
    }
  }

  function listStates(answer) {
    states = answer.states;
    ui.numbering.dataset.count = String(answer.count);
    ui.numberingCount.textContent =
      answer.count === 0
        ? "No solved state."
        : `${plural(answer.count, "solved state")}${
            answer.count > states.length ? ` (the first ${states.length} shown)` : ""
          }: select one to show it on the puzzle.`;
    ui.numberingStates.replaceChildren(
      ...states.map(({ state, digits }, i) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.state = state;
        const caption = document.createElement("span");
        caption.textContent = state === "" ? `${i + 1} (home)` : `${i + 1}`;
        button.append(
          digitNetPicture(numbered.net, digits, `Solved state ${i + 1}: ${digits}`),
          caption,
        );
        button.addEventListener("click", async () => {
          await player.setState(state);
          player.scrollToView();
        });
        item.append(button);
        return item;
      }),
    );
    showWhetherSolved();
  }

  function clearStates() {
    states = [];
    ui.numbering.dataset.count = "";
    ui.numberingCount.textContent = "";
    ui.numberingStates.replaceChildren();
  }

  /** Asks the engine about the draft; an accepted numbering goes to the player. */
  async function check(change) {
    const numbering = draft;
    const groups = ui.numberingGroups.value;
    let answer;
    let groupsAtFault = false;
    try {
      answer = await engine.numberingSolutions(puzzle, numbering, groups, LISTED_STATES);
      if (!answer.ok && groups.trim()) {
        const alone = await engine.numberingSolutions(puzzle, numbering, "", 0);
        groupsAtFault = alone.ok;
      }
    } catch (err) {
      answer = { ok: false, failed: true, error: `The engine could not check it: ${err.message}` };
    }
    if (change !== generation) return; // a later change has its own check
    ui.numberingGroups.toggleAttribute("aria-invalid", groupsAtFault);
    draftRefused = !answer.ok;
    if (!answer.ok) {
      net.highlight(answer.stickers ?? []);
      clearStates();
      showWhetherSolved();
      const kind = answer.failed ? "failed" : "invalid";
      const words = answer.failed ? null : numberingProblemInWords(answer.problem);
      const kept = "The puzzle keeps the last accepted numbering.";
      report(kind, `${words ?? `${answer.error}.`} ${kept}`, words ? answer.error : "");
      return;
    }
    net.highlight([]);
    if (answer.count === 0) {
      report("none", noSolvedStateInWords(answer.stages, groups.trim() !== ""), answer.message);
    } else report("valid", `Valid: ${plural(answer.count, "solved state")}.`);
    listStates(answer);
    given = { numbering, groups };
    await player.setNumbering(numbering, groups);
  }

  function changed() {
    net.setDigits(draft);
    const change = ++generation;
    ui.numbering.dataset.validation = "pending";
    clearTimeout(timer);
    timer = setTimeout(() => check(change), VALIDATION_DELAY_MS);
  }

  function type(index, digit) {
    draft = draft.slice(0, index) + digit + draft.slice(index + 1);
    changed();
  }

  /** Loads a numbering text (any of the engine's formats) into the net, read by the engine. */
  async function load(text, groups) {
    const answer = await engine.numberingPosition(puzzle, "", text, "");
    if (!answer.ok) return false;
    ui.numberingGroups.value = groups;
    draft = answer.digits;
    changed();
    return true;
  }

  /** The player's numbering, or the example when it has none the engine accepts. */
  async function loadFromPlayer() {
    const { numbering, numberingGroups: groups } = player;
    given = { numbering, groups };
    if (!(numbering.trim() && (await load(numbering, groups)))) {
      await load(numbered.example, groups);
    }
  }

  function setDesignProgress(text, fraction) {
    ui.numberingDesignProgress.hidden = text === "";
    ui.numberingDesignProgressText.textContent = text;
    ui.numberingDesignProgressBar.value = fraction;
  }

  /** `state`: "idle", "running", "shown" or "failed" (also the panel's data-design). */
  function setDesignState(state) {
    designing = state === "running";
    ui.numbering.dataset.design = state;
    ui.numberingDesign.disabled = designing;
    ui.numberingDesignCancel.disabled = !designing;
  }

  /** Every bottom face for the other faces' digits: those with exactly one solved state. */
  async function design() {
    const open = new Set(
      numbered.net.stickers
        .filter(({ label }) => label.startsWith(DESIGNED_FACE))
        .map(({ index }) => index),
    );
    const partial = [...draft].map((digit, i) => (open.has(i) ? "?" : digit)).join("");
    setDesignState("running");
    ui.numberingDesigns.replaceChildren();
    ui.numberingDesignSummary.textContent = "";
    setDesignProgress("Starting…", 0);
    designClient ??= createClient();
    let answer;
    try {
      answer = await designClient.numberingDesign(
        puzzle,
        partial,
        ui.numberingGroups.value,
        ({ tried, total }) =>
          setDesignProgress(
            `${formatCount(tried)} / ${formatCount(total)} bottom faces tried`,
            total ? tried / total : 0,
          ),
      );
    } catch (err) {
      answer = { ok: false, error: err.cancelled ? "Cancelled." : err.message };
    }
    setDesignProgress("", 0);
    setDesignState(answer.ok ? "shown" : "failed");
    if (!answer.ok) {
      ui.numberingDesignSummary.textContent = answer.error;
      return;
    }
    ui.numberingDesignSummary.textContent =
      `${plural(answer.tried, "bottom face")} tried in ${formatMs(answer.ms)}: ` +
      `${formatCount(answer.unique_count)} give exactly one solved state.` +
      (answer.unique_count > 0 ? " Some of them (select one to use it):" : "");
    ui.numberingDesigns.replaceChildren(
      ...(await Promise.all(answer.numberings.slice(0, LISTED_DESIGNS).map(designItem))),
    );
  }

  async function designItem(text, i) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    const { digits } = await engine.numberingPosition(puzzle, "", text, "");
    button.append(digitNetPicture(numbered.net, digits, `Design ${i + 1}: ${digits}`));
    button.addEventListener("click", async () => {
      await load(text, ui.numberingGroups.value);
      player.scrollToView();
    });
    item.append(button);
    return item;
  }

  ui.numberingExample.addEventListener("click", () => load(numbered.example, ""));
  ui.numberingGroups.addEventListener("input", () => changed());
  ui.numberingDesign.addEventListener("click", () => design());
  ui.numberingDesignCancel.addEventListener("click", () => designClient?.cancel());
  setDesignState("idle");

  return {
    /** The player shows another puzzle: the panel shows for numbered ones only. */
    puzzleChanged() {
      const id = player.puzzleInfo?.id ?? "";
      numbered = player.numberingInfo;
      ui.numbering.hidden = !numbered;
      // A check or design still under way was for the puzzle shown before.
      generation++;
      clearTimeout(timer);
      if (designing) designClient.cancel();
      if (!numbered || id === puzzle) {
        puzzle = numbered ? id : "";
        return;
      }
      puzzle = id;
      net = createDigitNet({
        layout: numbered.net,
        label: `${player.puzzleInfo.name}: the digit on each sticker, unfolded`,
        onType: type,
      });
      ui.numberingNet.replaceChildren(net.element);
      ui.numberingDesigns.replaceChildren();
      ui.numberingDesignSummary.textContent = "";
      loadFromPlayer();
    },
    /** The player shows another position of the same puzzle, or another numbering. */
    positionChanged() {
      if (!puzzle) return;
      const { numbering, numberingGroups: groups } = player;
      // Given by someone else (a share link, a script): the panel follows.
      if (numbering !== given?.numbering || groups !== given?.groups) loadFromPlayer();
      else showWhetherSolved();
    },
  };
}
