// <polytwist-player>: a twisty puzzle in 3D that a page embeds with one script tag and one element
// (docs/embedding.md). Attributes: puzzle, alg, setup, controls, background, colour-scheme, camera,
// size, keyboard, and for numbered puzzles numbering and numbering-groups; the same as properties;
// methods play, pause, reset, setAlg, setNumbering, goTo, turn, scramble, solve, setState,
// editColours; events move, solved, statechange.
//
// A player starts (scene, engine) only when it first comes near the viewport. All players share
// one engine worker (each through its own session) and one WebGL renderer; nothing is put on
// window, and bad attribute values are shown inside the player, never thrown.
import { editStyleSheet } from "../edit/styles.js";
import { sharedEngine } from "../engine/shared-engine.js";
import { stickerScreenPoints } from "../render/sticker-probe.js";
import { createView } from "../render/view.js";
import {
  readBackground,
  readCamera,
  readColourScheme,
  readControls,
  readKeyboard,
  readSize,
} from "./attributes.js";
import { createController } from "./controller.js";
import { createMessages } from "./messages.js";
import playerCss from "./player.css?inline";
import { createPlayerDom } from "./template.js";
import { watchVisibility } from "./visibility.js";

let styleSheet = null;

function playerStyleSheet() {
  if (!styleSheet) {
    styleSheet = new CSSStyleSheet();
    styleSheet.replaceSync(playerCss);
  }
  return styleSheet;
}

/** Attributes whose change reloads the position (batched: several changes, one reload). */
const POSITION_ATTRIBUTES = ["puzzle", "setup", "alg"];
/** A numbered puzzle's numbering: a change redraws the digits of the position shown. */
const NUMBERING_ATTRIBUTES = ["numbering", "numbering-groups"];

export class PolytwistPlayer extends HTMLElement {
  static observedAttributes = [
    ...POSITION_ATTRIBUTES,
    ...NUMBERING_ATTRIBUTES,
    "controls",
    "background",
    "colour-scheme",
    "camera",
    "size",
    "keyboard",
  ];

  #ui;
  #messages;
  #internals;
  #engine = null;
  #view = null;
  #controller = null;
  #presentation = { controls: "playback", camera: {}, keyboard: "focus" };
  #stopWatching = null;
  #near = false; // near the viewport (./visibility.js)
  #configured; // the latest configure() of the position attributes
  #configureQueued = false;
  #renumbered = null; // the latest setNumbering() of the numbering attributes, once queued
  #markReady;
  #ready;
  #wasSolved = null;
  #onPageKeydown = (event) => {
    const other = event.composedPath().find((node) => node instanceof PolytwistPlayer);
    if (!other || other === this) this.#controller?.keydown(event);
  };

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [playerStyleSheet(), editStyleSheet()];
    this.#internals = this.attachInternals();
    this.#ui = createPlayerDom(root);
    this.#messages = createMessages(this.#ui.messages);
    this.#ready = new Promise((resolve) => (this.#markReady = resolve));
    this.#configured = this.#ready;
    for (const name of PolytwistPlayer.observedAttributes) this.#present(name, null);

    const ui = this.#ui;
    ui.player.addEventListener("keydown", (event) => {
      if (this.#presentation.keyboard === "focus") this.#controller?.keydown(event);
    });
    ui.puzzle.addEventListener("change", () => {
      // The reader picked another puzzle: the page's alg and setup were for the last one.
      this.removeAttribute("alg");
      this.removeAttribute("setup");
      this.puzzle = ui.puzzle.value;
    });
    const controlsSlot = root.querySelector('slot[name="controls"]');
    controlsSlot.addEventListener("slotchange", () => {
      ui.controls.toggleAttribute("data-slotted", controlsSlot.assignedElements().length > 0);
    });
  }

  connectedCallback() {
    this.#stopWatching ??= watchVisibility(this, (near) => {
      this.#near = near;
      if (near) this.#start();
      this.#view?.setOnScreen(near);
    });
    if (this.#presentation.keyboard === "page") {
      document.addEventListener("keydown", this.#onPageKeydown);
    }
  }

  disconnectedCallback() {
    this.#stopWatching?.();
    this.#stopWatching = null;
    this.#near = false;
    document.removeEventListener("keydown", this.#onPageKeydown);
    this.#controller?.playback.pause();
    this.#view?.release();
  }

  attributeChangedCallback(name, previous, value) {
    if (previous === value) return;
    if (POSITION_ATTRIBUTES.includes(name)) this.#configure();
    else if (NUMBERING_ATTRIBUTES.includes(name)) this.#renumber();
    else this.#present(name, value);
  }

  // Attributes as properties (strings, reflected).
  get puzzle() {
    return this.getAttribute("puzzle") ?? "";
  }
  set puzzle(value) {
    this.setAttribute("puzzle", value);
  }
  get alg() {
    return this.getAttribute("alg") ?? "";
  }
  set alg(value) {
    this.setAttribute("alg", value);
  }
  get setup() {
    return this.getAttribute("setup") ?? "";
  }
  set setup(value) {
    this.setAttribute("setup", value);
  }
  /** A numbered puzzle's numbering (docs/puzzles/numbered_pyraminx.md); "" for its example. */
  get numbering() {
    return this.getAttribute("numbering") ?? "";
  }
  set numbering(value) {
    this.setAttribute("numbering", value);
  }
  /** Extra sticker groups that must show distinct digits ("F0 L0 R0 …; …"). */
  get numberingGroups() {
    return this.getAttribute("numbering-groups") ?? "";
  }
  set numberingGroups(value) {
    this.setAttribute("numbering-groups", value);
  }
  get controls() {
    return this.#presentation.controls;
  }
  set controls(value) {
    this.setAttribute("controls", value);
  }
  get background() {
    return this.getAttribute("background") ?? "";
  }
  set background(value) {
    this.setAttribute("background", value);
  }
  get colourScheme() {
    return this.#ui.player.dataset.colourScheme;
  }
  set colourScheme(value) {
    this.setAttribute("colour-scheme", value);
  }
  get camera() {
    return this.getAttribute("camera") ?? "";
  }
  set camera(value) {
    this.setAttribute("camera", value);
  }
  get size() {
    return this.getAttribute("size") ?? "";
  }
  set size(value) {
    this.setAttribute("size", value);
  }
  get keyboard() {
    return this.#presentation.keyboard;
  }
  set keyboard(value) {
    this.setAttribute("keyboard", value);
  }

  // What the player shows.

  /** This player's session of the page's shared engine client (docs/api.md). */
  get engine() {
    this.#engine ??= sharedEngine().session();
    return this.#engine;
  }
  /** Settles (true when the attributes were all accepted) once the player showed its start. */
  get ready() {
    return this.#ready;
  }
  /** The engine's puzzleInfo answer for the puzzle shown, or null. */
  get puzzleInfo() {
    return this.#current?.info ?? null;
  }
  /** The engine's state string of the position shown ("" = solved). */
  get state() {
    return this.#current?.state ?? "";
  }
  /** One face letter per sticker, in the engine's sticker numbering (docs/puzzles/). */
  get facelets() {
    return this.#current?.facelets ?? "";
  }
  get solved() {
    return this.#current?.solved ?? true;
  }
  /**
   * For a numbered puzzle: {example, net}, its example numbering (text) and the sticker net
   * (edit/net.js's layout) a page can edit a numbering on; null for other puzzles.
   */
  get numberingInfo() {
    return this.#current?.entry?.numbering ?? null;
  }
  /** A numbered puzzle's digits, one per sticker position, as the engine says the position shows them. */
  get digits() {
    return this.#current?.digits ?? "";
  }
  /** The moves in the move list (the alg's, or a solution's). */
  get moves() {
    return this.#controller?.playback.moves ?? [];
  }
  /** The position the move list starts from: {state, facelets, solved}, or null without a list. */
  get movesStart() {
    const start = this.#controller?.playback.start;
    return start ? { state: start.state, facelets: start.facelets, solved: start.solved } : null;
  }
  /** How many of those moves have been played; null after a turn off the sequence. */
  get moveIndex() {
    return this.#controller ? this.#controller.playback.cursor : 0;
  }
  get playing() {
    return this.#controller?.playback.playing ?? false;
  }
  /** True while a turn, an engine call or playback is under way. */
  get busy() {
    return this.#controller?.busy ?? false;
  }
  /** True while the colour editor is open. */
  get editing() {
    return this.#controller?.editing ?? false;
  }

  // Methods: each starts the player if it has not started yet and waits for its position.

  /** Plays the move list from the current move (from the start at the end); resolves when it stops. */
  async play() {
    await this.#settled();
    await this.#controller.playback.play();
  }
  pause() {
    this.#controller?.playback.pause();
  }
  /** Back to the start: the setup position with the alg's moves ready. Resolves true if all was accepted. */
  async reset() {
    await this.#settled();
    return (await this.#controller.reset()) ?? false;
  }
  /** Sets the alg (and the setup, when given) and shows the start; resolves true if accepted. */
  setAlg(alg, setup) {
    this.alg = alg;
    if (setup !== undefined) this.setup = setup;
    return this.#settled();
  }
  /**
   * Sets a numbered puzzle's numbering (and its extra groups, when given): the position shown is
   * drawn with the new digits. Resolves true if the engine accepted both.
   */
  async setNumbering(numbering, groups) {
    this.numbering = String(numbering);
    if (groups !== undefined) this.numberingGroups = String(groups);
    const renumbered = this.#renumbered;
    const configured = await this.#settled();
    return renumbered ? ((await renumbered) ?? false) : configured;
  }
  /** Goes to the position after `index` moves of the move list. */
  async goTo(index) {
    await this.#settled();
    await this.#controller.playback.goTo(index);
  }
  /** Turns the puzzle by a sequence; resolves the engine's answer ({ok: false, error} if refused). */
  async turn(moves) {
    await this.#settled();
    return this.#controller.turn(String(moves));
  }
  /** A random position (from `seed`, a whole number below 2^53, if given). */
  async scramble(seed) {
    await this.#settled();
    return this.#controller.scramble(seed);
  }
  /** Finds an optimal solution and plays it; resolves the engine's answer. */
  async solve() {
    await this.#settled();
    return this.#controller.solve();
  }
  /**
   * Shows the position of an engine state string (e.g. from validate), with `solution` (optional
   * moves) as the move list ready to play from it; resolves the engine's answer.
   */
  async setState(state, solution = "") {
    await this.#settled();
    return this.#controller.setState(String(state), String(solution));
  }
  /**
   * Opens the colour editor on `facelets` (default: the position shown); resolves true if it
   * opened (false: the puzzle has no sticker net, or the facelets are not one per sticker).
   */
  async editColours(facelets) {
    await this.#settled();
    return this.#controller.editColours(facelets === undefined ? undefined : String(facelets));
  }
  /** Which sticker is drawn at a client (CSS pixel) position: its facelet index, or null. */
  stickerAt(clientX, clientY) {
    const model = this.#current?.model;
    const hit = model && this.#view?.pick(clientX, clientY, model.object);
    return hit?.object.userData.facelet ?? null;
  }
  /** Each sticker's centre on the view: {facelet, x, y (CSS pixels from its top left), visible}. */
  stickerScreenPoints() {
    return stickerScreenPoints(this.#view, this.#current?.model);
  }

  get #current() {
    return this.#controller?.position.current;
  }

  #start() {
    if (this.#controller) return;
    let viewError = "";
    try {
      this.#view = createView(this.#ui.view);
      this.#view.setOnScreen(this.#near);
      this.#ui.resetView.addEventListener("click", () => this.#view.resetCamera());
      this.#ui.resetView.disabled = false;
    } catch (err) {
      viewError = `No 3D view: WebGL is not available (${err.message}).`;
    }
    this.#controller = createController({
      ui: this.#ui,
      engine: this.engine,
      view: this.#view,
      viewError,
      messages: this.#messages,
      onPosition: (current, cause) => this.#positionShown(current, cause),
      onMove: (detail) => this.dispatchEvent(new CustomEvent("move", { bubbles: true, detail })),
    });
    this.#controller.setControls(this.#presentation.controls);
    this.#controller.setCamera(this.#presentation.camera);
    this.#configure().then(this.#markReady);
  }

  /** Starts the player if needed and waits until its position attributes are shown. */
  #settled() {
    this.#start();
    return this.#configured;
  }

  /** Shows the position the puzzle, setup and alg attributes ask for (once per batch of changes). */
  #configure() {
    if (!this.#controller) return this.#configured;
    if (!this.#configureQueued) {
      this.#configureQueued = true;
      this.#configured = Promise.resolve().then(() => {
        this.#configureQueued = false;
        return this.#controller.configure({
          puzzle: this.puzzle.trim(),
          setup: this.setup,
          alg: this.alg,
          numbering: this.numbering,
          groups: this.numberingGroups,
        });
      });
    }
    return this.#configured;
  }

  /**
   * Gives the controller the numbering attributes (once per batch of changes), after any pending
   * configure, which reads them too.
   */
  #renumber() {
    if (!this.#controller || this.#renumbered) return;
    this.#renumbered = this.#configured.then(() => {
      this.#renumbered = null;
      return this.#controller.setNumbering({
        numbering: this.numbering,
        groups: this.numberingGroups,
      });
    });
  }

  #positionShown({ puzzle, state, facelets, solved, digits }, cause) {
    const detail = { puzzle, state, facelets, solved, ...(digits && { digits }) };
    this.dispatchEvent(new CustomEvent("statechange", { bubbles: true, detail }));
    if (cause === "turn" && solved && this.#wasSolved === false) {
      this.dispatchEvent(new CustomEvent("solved", { bubbles: true, detail }));
    }
    this.#wasSolved = solved;
  }

  /** Applies a presentational attribute; a value it cannot use is shown as a message. */
  #present(name, text) {
    const ui = this.#ui;
    const read = {
      controls: readControls,
      background: readBackground,
      "colour-scheme": readColourScheme,
      camera: readCamera,
      size: readSize,
      keyboard: readKeyboard,
    }[name];
    if (!read) return;
    const { value, error } = read(text);
    if (error) this.#messages.set(name, error);
    else this.#messages.clear(name);
    switch (name) {
      case "controls":
        this.#presentation.controls = value;
        ui.player.dataset.controls = value;
        if (value === "full") this.#internals.states.add("full");
        else this.#internals.states.delete("full");
        this.#controller?.setControls(value);
        break;
      case "background":
        setProperty(ui.player, "--background", value);
        break;
      case "colour-scheme":
        ui.player.dataset.colourScheme = value;
        break;
      case "camera":
        this.#presentation.camera = value;
        this.#controller?.setCamera(value);
        break;
      case "size":
        setProperty(ui.player, "--size", value);
        break;
      case "keyboard":
        this.#presentation.keyboard = value;
        ui.keysScope.textContent =
          value === "page"
            ? "Keys work whenever the focus is not in a text box."
            : "Keys work while the puzzle has the focus.";
        document.removeEventListener("keydown", this.#onPageKeydown);
        if (value === "page" && this.isConnected) {
          document.addEventListener("keydown", this.#onPageKeydown);
        }
        break;
    }
  }
}

function setProperty(element, property, value) {
  if (value === null) element.style.removeProperty(property);
  else element.style.setProperty(property, value);
}

if (!customElements.get("polytwist-player")) {
  customElements.define("polytwist-player", PolytwistPlayer);
}
