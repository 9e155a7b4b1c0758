// The player's stage: the 3D model of the puzzle the player model shows (made from the puzzle's
// web entry), the engine's positions drawn on it, turns animated (the model's animator), drags and
// keys turned into moves, Reset view, the help popover's keys, the notice over the view and its
// label; and how the puzzle is shown: hint stickers on the 3D model, or its flat net instead; or,
// for a puzzle the engine draws rather than describes (puzzleInfo's `view`: "picture"), the
// engine's picture of each position, its moves tweened (./picture-view.js); or, for one it
// describes as solid pieces (`view`: "pieces"), those pieces placed as each position says and
// turned as each move's `motion` says (../../puzzles/piece-model.js, loaded only for such a
// puzzle).
import { createNet } from "../../edit/net.js";
import { digitNetPicture } from "../../numbering/digit-net.js";
import { HINT_FRAMING, addHintStickers } from "../../puzzles/hint-stickers.js";
import { attachDragToTurn } from "../../ui/drag-to-turn.js";
import { pressWord, showBidiControls } from "../../ui/format.js";
import { createKeyboard, renderKeyTable } from "../../ui/keyboard.js";
import { createPictureView } from "./picture-view.js";

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the player's parts (../template.js)
 * @param {ReturnType<import("../model.js").createPlayerModel>} options.model
 * @param {ReturnType<import("../../render/view.js").createView> | null} options.view  null
 *   without WebGL
 * @param {string} options.viewError  why there is no view
 * @param {{turnMs: (queued: number) => number}} options.speed
 * @param {() => boolean} options.editing  whether the colour editor is open (no turning then)
 * @param {{image: (params: object) => Promise<object>, applyMoves: Function}} options.engine
 *   draws the pictures, and says how a move turns a puzzle's solid pieces
 */
export function bindStage({ ui, model, view, viewError, speed, editing, engine }) {
  let puzzleModel = null; // the 3D model of the puzzle shown
  let interactive = true; // turning by drag and keys (every controls level but "none")
  let cameraOption = {};
  let problem = ""; // what stops the player, from the model's notice
  let hinted = false; // the first-use hint was put away
  let shown = {}; // the puzzle shown: {info, entry}
  let hintStickers = false; // the hint-stickers attribute
  let hints = null; // the hint stickers on puzzleModel
  let shownView = "3d"; // the view attribute: "3d" or "net"
  let net = null; // the net view (../../edit/net.js), while shown
  let pieceModel = null; // the solid pieces of a puzzle the engine describes so
  let piecesModule = null; // the promise of ../../puzzles/piece-model.js (and the drags that turn
  // its pieces, ../../ui/drag-pieces.js), once one is shown
  let pieceDrags = false; // those drags are listened to
  let movesFrom = null; // {key, answers: Promise}: the engine's answer for each move of the
  // puzzle shown from the position shown, asked when a drag starts on it
  let piecesError = ""; // why that module could not be loaded
  const pictureView = createPictureView({ element: ui.pictureView, engine });
  const dragHelp = ui.helpSummary.textContent.trim().replace(/\s+/g, " "); // the template's
  const pictured = () => shown.info?.view === "picture"; // the puzzle shown is the engine's picture
  const pictureLabel = () => `Picture of the ${shown.info.name}: type its moves to turn it`;
  const described = () => shown.info?.view === "pieces"; // its solid pieces, placed per position

  const turnable = () => interactive && model.ready && !editing();
  const keyboard = createKeyboard({ onMove: userMove, playback: model });

  function userMove(move, how) {
    if (!turnable()) return;
    putHintAway();
    model.userMove(move, how);
  }

  /** The text over the view: what stops the player, or why there is no 3D view. */
  function showNotice() {
    const { info } = model.position.current;
    let text = problem;
    if (!text && info && !puzzleModel && !pieceModel && !pictured()) {
      // Pieces still loading say nothing; a view that cannot be had says why.
      if (described() && view && !piecesError) text = "";
      else text = viewError || piecesError || `No 3D view for the ${info.name} yet.`;
    }
    ui.noView.textContent = showBidiControls(text); // it may quote the puzzle attribute
    ui.noView.hidden = !text;
    ui.noView.classList.toggle("problem", Boolean(problem));
  }

  /** The hint under the view goes once the reader has turned the puzzle. */
  function putHintAway() {
    if (hinted) return;
    hinted = true;
    ui.hint.hidden = true;
  }

  function describeView() {
    const name = model.position.current.info?.name ?? "puzzle";
    ui.view.tabIndex = interactive && !pictured() ? 0 : -1;
    let label = `3D view of the ${name}: drag to look around`;
    if (described()) {
      label = interactive
        ? `3D view of the ${name}: drag a piece to turn its layer, drag the background to look around; see Help for the keys`
        : `3D view of the ${name}: drag to look around`;
    } else if (editing()) {
      label = `3D view of the ${name}: ${pressWord()} a sticker to paint it with the chosen colour, drag to look around`;
    } else if (interactive) {
      label = `3D view of the ${name}: drag a sticker to turn its layer, drag the background to look around; see Help for the keys`;
    }
    ui.view.setAttribute("aria-label", label);
  }

  /** The puzzle's default view, farther back when hints float around it, changed by the option. */
  function placeCamera() {
    if (pieceModel) view.placeCamera(pieceModel.camera, cameraOption);
    if (!puzzleModel) return;
    view.placeCamera({ ...puzzleModel.camera, farther: hints ? HINT_FRAMING : 1 }, cameraOption);
  }

  function showHints() {
    hints?.remove();
    hints = hintStickers && puzzleModel ? addHintStickers(puzzleModel) : null;
    placeCamera();
  }

  /** The flat net of the puzzle shown, in place of the 3D view, when the view attribute asks. */
  function showNet() {
    const { info, entry } = shown;
    net = null;
    ui.netView.replaceChildren();
    ui.netView.hidden = shownView !== "net";
    if (shownView !== "net" || !info) return;
    if (!entry?.net) {
      ui.netView.textContent = `No net of the ${info.name} yet.`;
      return;
    }
    // A numbered puzzle's stickers show digits, not colours (as its model's do).
    if (!info.symbols) {
      net = createNet({ layout: entry.net, faces: info.faces, label: `Net of the ${info.name}` });
      ui.netView.append(net.element);
    }
    showOnNet(model.position.current);
  }

  /**
   * A position on the net view: its colours with the mask drawn in, or a numbered puzzle's digits
   * (a new picture).
   */
  function showOnNet({ facelets, digits, looks, sources }) {
    const { info, entry } = shown;
    if (net) net.setFacelets(facelets, { looks, sources });
    else if (shownView === "net" && digits && entry?.net) {
      ui.netView.replaceChildren(digitNetPicture(entry.net, digits, `Net of the ${info.name}`));
    }
  }

  function showPuzzle({ info, entry }) {
    shown = { info, entry };
    ui.player.dataset.stage = pictured() ? "picture" : described() ? "pieces" : "3d";
    ui.pictureView.hidden = !pictured();
    pictureView.clear();
    puzzleModel?.dispose();
    pieceModel?.dispose();
    hints = null; // they went with the last model
    puzzleModel = view && entry ? entry.createModel(info) : null;
    pieceModel = null;
    view?.setObject(puzzleModel?.object ?? null);
    if (view && described()) showPieces(info);
    showHints();
    showNet();
    // A geometry puzzle's keys come from its web entry, a model of the engine's own from its
    // puzzleInfo (the Square-1's layer turns and slice).
    const keys = entry?.keys ?? info?.keys ?? [];
    keyboard.setBindings(keys);
    renderKeyTable(ui.keyList, keys);
    ui.keysAlt.hidden = !keys.some((binding) => binding.keys.includes("Alt+"));
    // Stickers turn by drags on a puzzle drawn from its geometry; solid pieces by ../../ui/drag-pieces.js.
    ui.helpSummary.textContent = described()
      ? "Drag a piece to turn it: along a layer to turn that layer, across to make the other turn that carries the piece (the engine says which moves may be made now). Drag the background to look around (on a touch screen, sideways, or with two fingers); scroll or pinch to zoom. Its keys and typed moves turn it too."
      : pictured()
        ? "Type its moves in the moves box to turn it."
        : dragHelp;
    if (info) {
      ui.keysCaption.textContent = `Keys for the ${info.name}`;
      ui.keysHint.textContent =
        entry?.keyHint ?? info.key_hint ?? "This puzzle has no keys yet: type its moves.";
    }
    describeView();
    showNotice();
  }

  /** The solid pieces of `info`'s puzzle on the view, once their module has loaded. */
  function showPieces(info) {
    piecesError = "";
    piecesModule ??= Promise.all([
      import("../../puzzles/piece-model.js"),
      import("../../ui/drag-pieces.js"),
    ]);
    piecesModule.then(
      ([{ createPieceModel }, { attachPieceDrags }]) => {
        if (!pieceDrags) dragPieces(attachPieceDrags);
        if (shown.info !== info) return; // another puzzle took its place meanwhile
        pieceModel = createPieceModel(info);
        view.setObject(pieceModel.object);
        placeCamera();
        showPosition(model.position.current);
        showNotice();
      },
      (err) => {
        piecesError = `The 3D view could not be loaded: ${err?.message ?? err}`;
        piecesModule = null; // the next puzzle shown so tries again
        showNotice();
      },
    );
  }

  /**
   * Drags on the solid pieces: every move of the puzzle from the position shown, as the engine
   * answers them in one call (moveMotions: each move's motion, or why it cannot be made), the
   * drag making one that it allows; one it refuses shows why in the status line, as its key does
   * (a key's move first).
   */
  function dragPieces(attachPieceDrags) {
    pieceDrags = true;
    const answersFrom = ({ puzzle, state }) => {
      const key = `${puzzle}\n${state}`;
      if (movesFrom?.key !== key) {
        const answers = engine.moveMotions(puzzle, state).then(
          (answer) => (answer.ok ? answer.moves : []),
          () => [], // the engine stopped: no drag turns it meanwhile
        );
        movesFrom = { key, answers };
      }
      return movesFrom.answers;
    };
    attachPieceDrags({
      surface: ui.stage,
      canvas: ui.view,
      view,
      getTarget: () => {
        if (!pieceModel || !turnable()) return null;
        const current = model.position.current;
        return { model: pieceModel, state: current.state, moves: () => answersFrom(current) };
      },
      onMove: (move, how) => userMove(move, how),
      onRefused: (refused) => {
        const keyed = new Set((shown.info?.keys ?? []).map((binding) => binding.move));
        userMove((refused.find(({ move }) => keyed.has(move)) ?? refused[0]).move);
      },
    });
  }

  function showPosition({ puzzle, facelets, digits, sources, looks, picture, placements }) {
    if (pictured()) {
      pictureView.show(puzzle, picture, { label: pictureLabel() });
      return;
    }
    if (pieceModel) {
      pieceModel.place(placements);
      view.requestRender();
      return;
    }
    showOnNet({ facelets, digits, looks, sources });
    if (!puzzleModel) return;
    puzzleModel.setFacelets(facelets, { looks, sources });
    if (digits) puzzleModel.setDigits?.(digits, sources);
    view.requestRender();
  }

  model.setAnimator(async (move, { reverse, otherWay, shown, queued, answer }) => {
    if (pictured()) {
      await pictureView.show(model.position.current.puzzle, answer.picture, {
        label: pictureLabel(),
        ms: speed.turnMs(queued),
      });
      return;
    }
    if (pieceModel) {
      // The move's turns, as the engine says them from the position before it (after it, undone).
      const { puzzle, state } = model.position.current;
      const moved = await engine.applyMoves(puzzle, reverse ? answer.state : state, move);
      if (!moved.ok || !pieceModel) return;
      // A half turn drawn the other way round turns that way; a drag may have shown part of it.
      const motion = otherWay
        ? moved.motion.map((turns) => turns.map((turn) => ({ ...turn, angle: -turn.angle })))
        : moved.motion;
      await pieceModel.animate(motion, {
        duration: speed.turnMs(queued),
        reverse,
        from: shown,
        onFrame: view.requestRender,
      });
      return;
    }
    if (!view || !puzzleModel?.hasTurn(move)) return;
    await puzzleModel.turn(move, {
      duration: speed.turnMs(queued),
      reverse: reverse !== otherWay,
      onFrame: view.requestRender,
    });
  });
  model.addEventListener("puzzle", ({ detail }) => showPuzzle(detail));
  // Other sticker colours or mask: the model (its hint stickers, the net) made again in them,
  // the camera left where it is.
  model.addEventListener("appearance", () => {
    const { info, entry } = model.position.current;
    shown = { info, entry };
    if (view && puzzleModel && entry) {
      puzzleModel.dispose();
      puzzleModel = entry.createModel(info);
      view.setObject(puzzleModel.object);
      hints = hintStickers ? addHintStickers(puzzleModel) : null;
    }
    showNet();
    showPosition(model.position.current);
  });
  model.addEventListener("position", ({ detail }) => showPosition(detail.current));
  model.addEventListener("notice", ({ detail }) => {
    problem = detail.text;
    showNotice();
  });
  if (view) {
    ui.resetView.addEventListener("click", () => view.resetCamera());
    ui.resetView.disabled = false;
    attachDragToTurn({
      surface: ui.stage,
      canvas: ui.view,
      view,
      getModel: () => (turnable() && shownView === "3d" ? puzzleModel : null),
      onMove: userMove,
    });
  }
  describeView();

  return {
    /** The 3D model of the puzzle shown, or null. */
    get puzzleModel() {
      return puzzleModel;
    },
    /**
     * For a puzzle shown as solid pieces: a function making another model of its pieces (an
     * export's copy), once their module has loaded; else null.
     */
    async pieceModelMaker() {
      if (!described() || !piecesModule) return null;
      const [{ createPieceModel }] = await piecesModule;
      return () => createPieceModel(shown.info);
    },
    /** Handles a keydown event of the player (or of the page, for keyboard="page"). */
    keydown(event) {
      if (interactive && !editing()) keyboard.handle(event);
    },
    /** Whether the puzzle turns by drags and keys ("none" controls: it does not). */
    setInteractive(value) {
      interactive = value;
      describeView();
    },
    /** The camera option {azimuth?, elevation?, zoom?} (../attributes.js). */
    setCamera(option) {
      cameraOption = option;
      placeCamera();
    },
    /** Whether hint stickers float beyond the stickers turned away from the camera. */
    setHintStickers(on) {
      if (on === hintStickers) return;
      hintStickers = on;
      showHints();
    },
    /** "3d" or "net": the 3D model, or the puzzle's flat net in its place. */
    setView(value) {
      shownView = value;
      showNet();
    },
    /** The editor opened or closed: the view's label says what a click does. */
    describeView,
    /** Shows an engine's position answer (one entered in the editor) without making it current. */
    showPosition,
  };
}
