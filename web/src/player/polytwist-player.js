// <polytwist-player>: a twisty puzzle in 3D that a page embeds with one script tag and one element
// (docs/embedding.md). Attributes: puzzle (or description, which wins when both are given), alg,
// setup, controls, background, colour-scheme, camera, camera-latitude, camera-longitude, size,
// keyboard, back-view, mirror, view, hint-stickers, stickering, mask, colors, scheme, and for
// numbered puzzles numbering and numbering-groups; the same as properties;
// methods play, pause, reset, setAlg, setNumbering, goTo, turn, scramble, solve, setState,
// editColours, scrollToView, exportImage, exportAnimation; events move, solved, statechange,
// playback, scramble.
//
// The element is thin: the player itself is a headless model (./model.js: position, move list,
// actions through the engine, events), drawn by the bindings of ./dom/ (stage, controls, move
// list) and the colour editor (./edit-mode.js). Until it starts, a player is a picture of its
// start position painted by the small model-only engine (./picture-mode.js), with its alg's
// moves shown as written; it starts (loads three.js and the engine, ./started.js) when the
// reader touches it, when the browser is idle or as soon as it is near the viewport, as its
// `load` attribute says. The picture and the 3D view take the same space, so starting moves
// nothing on the page. All players share one engine worker (each through its own session)
// and one WebGL renderer; nothing is put on window, and bad attribute values are shown inside the
// player, never thrown.
import { sharedEngine } from "../engine/shared-engine.js";
import {
  cameraWith,
  lengthProblem,
  readBackView,
  readBackground,
  readCamera,
  readCameraLatitude,
  readCameraLongitude,
  readColourScheme,
  readControls,
  readHintStickers,
  readKeyboard,
  readLoad,
  readMirror,
  readSize,
  readView,
} from "./attributes.js";
import { APPEARANCE_ATTRIBUTES } from "./appearance.js";
import { createMoveList } from "./dom/move-list.js";
import { createMessages } from "./messages.js";
import { createPictureMode } from "./picture-mode.js";
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
const POSITION_ATTRIBUTES = ["puzzle", "description", "setup", "alg"];
/** A numbered puzzle's numbering: a change redraws the digits of the position shown. */
const NUMBERING_ATTRIBUTES = ["numbering", "numbering-groups"];
/** Where the camera looks from: a change repaints the picture too. */
const CAMERA_ATTRIBUTES = ["camera", "camera-latitude", "camera-longitude"];
// APPEARANCE_ATTRIBUTES (./appearance.js): the stickering, mask and sticker colours restyle the
// puzzle shown (batched like the position's).

export class PolytwistPlayer extends HTMLElement {
  static observedAttributes = [
    ...POSITION_ATTRIBUTES,
    ...NUMBERING_ATTRIBUTES,
    ...APPEARANCE_ATTRIBUTES,
    "controls",
    "background",
    "colour-scheme",
    ...CAMERA_ATTRIBUTES,
    "size",
    "keyboard",
    "load",
    "back-view",
    "mirror",
    "view",
    "hint-stickers",
  ];

  #ui;
  #messages;
  #internals;
  #engine = null;
  #parts = null; // ./started.js, once loading
  #starting = null;
  #picture;
  #view = null;
  #model = null; // the headless player (./model.js), once started
  #longSearchSeconds = null; // set before the player started (null: the model's default)
  #stage = null;
  #editMode = null;
  #moveList;
  #presentation = {
    controls: "playback",
    camera: {}, // the camera option with the latitude and longitude laid over it
    cameraOption: {},
    latitude: null,
    longitude: null,
    keyboard: "focus",
    load: "interaction",
    backView: "none",
    mirror: false,
    view: "3d",
    hintStickers: false,
  };
  #stopWatching = null;
  #near = false; // near the viewport (./visibility.js)
  #configured; // the latest configure() of the position attributes
  #configureQueued = false;
  #renumbered = null; // the latest setNumbering() of the numbering attributes, once queued
  #restyled = null; // the latest setAppearance() of the appearance attributes, once queued
  #markReady;
  #ready;
  #wasSolved = null;
  #onPageKeydown = (event) => {
    const other = event.composedPath().find((node) => node instanceof PolytwistPlayer);
    if (!other || other === this) this.#stage?.keydown(event);
  };

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [playerStyleSheet()];
    this.#internals = this.attachInternals();
    this.#ui = createPlayerDom(root);
    this.#messages = createMessages(this.#ui.messages);
    this.#moveList = createMoveList(this.#ui);
    this.#picture = createPictureMode({
      ui: this.#ui,
      messages: this.#messages,
      onStart: () => this.#start(),
    });
    this.#ready = new Promise((resolve) => (this.#markReady = resolve));
    this.#configured = this.#ready;
    for (const name of PolytwistPlayer.observedAttributes) this.#present(name, null);

    const ui = this.#ui;
    ui.player.addEventListener("keydown", (event) => {
      if (this.#presentation.keyboard === "focus") this.#stage?.keydown(event);
    });
    ui.puzzle.addEventListener("change", () => {
      // The reader picked another puzzle: the page's alg and setup were for the last one.
      this.removeAttribute("alg");
      this.removeAttribute("setup");
      this.removeAttribute("description");
      this.puzzle = ui.puzzle.value;
    });
    ui.viewSwitch.addEventListener("click", () => {
      this.view = this.#presentation.view === "net" ? "3d" : "net";
    });
    const controlsSlot = root.querySelector('slot[name="controls"]');
    controlsSlot.addEventListener("slotchange", () => {
      ui.controls.toggleAttribute("data-slotted", controlsSlot.assignedElements().length > 0);
    });
  }

  connectedCallback() {
    this.#stopWatching ??= watchVisibility(this, (near) => {
      this.#near = near;
      if (near) this.#nearViewport();
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
    this.#model?.pause();
    this.#view?.release();
  }

  attributeChangedCallback(name, previous, text) {
    if (previous === text) return;
    const tooLong = lengthProblem(name, text);
    if (tooLong) this.#messages.set(`${name}-length`, tooLong);
    else this.#messages.clear(`${name}-length`);
    const value = tooLong ? null : text;
    if (name === "alg") this.#moveList.preview(value ?? "");
    if (POSITION_ATTRIBUTES.includes(name)) this.#configure();
    else if (NUMBERING_ATTRIBUTES.includes(name)) this.#renumber();
    else if (APPEARANCE_ATTRIBUTES.includes(name)) this.#restyle();
    else this.#present(name, value);
    // After #present, which takes in a camera attribute's value.
    if (
      ["puzzle", "description", "setup", ...CAMERA_ATTRIBUTES, ...APPEARANCE_ATTRIBUTES].includes(
        name,
      )
    ) {
      this.#repaint();
    }
  }

  // Attributes as properties (strings, reflected).
  get puzzle() {
    return this.getAttribute("puzzle") ?? "";
  }
  set puzzle(value) {
    this.setAttribute("puzzle", value);
  }
  /** A puzzle by its description (docs/geometry.md), e.g. "c f 0.25 f 0.75 f 0"; wins over puzzle. */
  get description() {
    return this.getAttribute("description") ?? "";
  }
  set description(value) {
    this.setAttribute("description", value);
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
  get stickering() {
    return this.getAttribute("stickering") ?? "";
  }
  set stickering(value) {
    this.setAttribute("stickering", value);
  }
  get mask() {
    return this.getAttribute("mask") ?? "";
  }
  set mask(value) {
    this.setAttribute("mask", value);
  }
  get colors() {
    return this.getAttribute("colors") ?? "";
  }
  set colors(value) {
    this.setAttribute("colors", value);
  }
  get scheme() {
    return this.getAttribute("scheme") ?? "";
  }
  set scheme(value) {
    this.setAttribute("scheme", value);
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
  /** The camera's latitude in degrees (over the camera option's elevation), "" when not set. */
  get cameraLatitude() {
    return this.getAttribute("camera-latitude") ?? "";
  }
  set cameraLatitude(value) {
    this.setAttribute("camera-latitude", value);
  }
  /** The camera's longitude in degrees (over the camera option's azimuth), "" when not set. */
  get cameraLongitude() {
    return this.getAttribute("camera-longitude") ?? "";
  }
  set cameraLongitude(value) {
    this.setAttribute("camera-longitude", value);
  }
  /** "none" (the default), "side-by-side" or "corner": where the view from behind shows. */
  get backView() {
    return this.#presentation.backView;
  }
  set backView(value) {
    this.setAttribute("back-view", value);
  }
  /** Whether the puzzle is drawn as in a mirror, left and right swapped. */
  get mirror() {
    return this.#presentation.mirror;
  }
  set mirror(value) {
    this.toggleAttribute("mirror", Boolean(value));
  }
  /** "3d" (the default) or "net": the puzzle in 3D, or its flat net. */
  get view() {
    return this.#presentation.view;
  }
  set view(value) {
    this.setAttribute("view", value);
  }
  /** Whether hint stickers float beyond the stickers hidden from the camera. */
  get hintStickers() {
    return this.#presentation.hintStickers;
  }
  set hintStickers(value) {
    this.toggleAttribute("hint-stickers", Boolean(value));
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
  /** When the 3D player loads: "interaction" (the default), "idle" or "eager". */
  get load() {
    return this.#presentation.load;
  }
  set load(value) {
    this.setAttribute("load", value);
  }
  /**
   * How long (seconds) an optimal search may be estimated to take before the player asks whether
   * to go on, offering the fast solution where there is one (docs/embedding.md).
   */
  get longSearchSeconds() {
    return this.#model ? this.#model.longSearchMs / 1000 : this.#longSearchSeconds;
  }
  set longSearchSeconds(value) {
    const seconds = Number(value);
    if (!(seconds >= 0)) return;
    this.#longSearchSeconds = seconds;
    if (this.#model) this.#model.longSearchMs = seconds * 1000;
  }
  /** True once the 3D player has loaded (until then the player is a picture). */
  get started() {
    return this.#model !== null;
  }

  // What the player shows.

  /** This player's session of the page's shared engine client (docs/api.md). */
  get engine() {
    this.#engine ??= sharedEngine().session();
    return this.#engine;
  }
  /**
   * Settles (true when the attributes were all accepted) once the player showed its start in 3D.
   * A script asking for it wants the player: reading it starts the player, like its methods do.
   */
  get ready() {
    this.#start();
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
    const entry = this.#current?.entry;
    return entry?.numbering ? { example: entry.numbering.example, net: entry.net } : null;
  }
  /** A numbered puzzle's digits, one per sticker position, as the engine says the position shows them. */
  get digits() {
    return this.#current?.digits ?? "";
  }
  /** The moves in the move list (the alg's, or a solution's). */
  get moves() {
    return this.#model?.playback.moves ?? [];
  }
  /** The move list as written (brackets kept, the engine's normal form), else its moves joined. */
  get movesWritten() {
    const playback = this.#model?.playback;
    return playback?.written?.text ?? this.moves.join(" ");
  }
  /** Whether the move list is a solution (Solve's, or given as one), not other moves. */
  get movesAreSolution() {
    return this.#model?.playback.title === "Solution";
  }
  /** The position the move list starts from: {state, facelets, solved}, or null without a list. */
  get movesStart() {
    const start = this.#model?.playback.start;
    return start ? { state: start.state, facelets: start.facelets, solved: start.solved } : null;
  }
  /** How many of those moves have been played; null after a turn off the sequence. */
  get moveIndex() {
    return this.#model ? this.#model.playback.cursor : 0;
  }
  get playing() {
    return this.#model?.playback.playing ?? false;
  }
  /** True while a turn, an engine call or playback is under way. */
  get busy() {
    return this.#model?.busy ?? false;
  }
  /** True while the colour editor is open. */
  get editing() {
    return this.#editMode?.active ?? false;
  }

  // Methods: each starts the player if it has not started yet and waits for its position.

  /** Plays the move list from the current move (from the start at the end); resolves when it stops. */
  async play() {
    await this.#settled();
    await this.#model.play();
  }
  pause() {
    this.#model?.pause();
  }
  /** Back to the start: the setup position with the alg's moves ready. Resolves true if all was accepted. */
  async reset() {
    await this.#settled();
    return (await this.#model.reset()) ?? false;
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
    await this.#model.goTo(index);
  }
  /** Turns the puzzle by a sequence; resolves the engine's answer ({ok: false, error} if refused). */
  async turn(moves) {
    await this.#settled();
    return this.#model.turn(String(moves));
  }
  /** A random position (from `seed`, a whole number below 2^53, if given). */
  async scramble(seed) {
    await this.#settled();
    return this.#model.scramble(seed);
  }
  /**
   * Finds a solution and plays it; resolves the engine's answer. `method`: one of the puzzle's
   * `puzzleInfo.methods` ("optimal", "fast"); by default the optimal solve, when it has one.
   */
  async solve(method) {
    await this.#settled();
    return this.#model.solve(method);
  }
  /**
   * Shows the position of an engine state string (e.g. from validate), with `moves` (optional)
   * as the move list ready to play from it, at move `step` of it (default 0: its start), shown
   * as a solution unless `isSolution` is false; resolves the engine's answer.
   */
  async setState(state, moves = "", step = 0, { isSolution = true } = {}) {
    await this.#settled();
    const at = Number.isInteger(step) && step > 0 ? step : 0;
    return this.#model.setState(String(state), String(moves), at, {
      isSolution: isSolution !== false,
    });
  }
  /**
   * Opens the colour editor on `facelets` (default: the position shown); resolves true if it
   * opened (false: the puzzle has no sticker net, or the facelets are not one per sticker).
   */
  async editColours(facelets) {
    await this.#settled();
    this.#model.pause();
    const given = facelets === undefined ? undefined : String(facelets);
    return Boolean(await this.#model.queue(() => this.#editMode.open(given)));
  }
  /** Scrolls the page so that the 3D view is on screen, if it is not (smoothly, unless reduced). */
  scrollToView() {
    const stage = this.#ui.stage.getBoundingClientRect();
    if (stage.top >= 0 && stage.bottom <= window.innerHeight) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    this.#ui.stage.scrollIntoView({ block: "nearest", behavior: reduced ? "auto" : "smooth" });
  }
  /** Which sticker is drawn at a client (CSS pixel) position: its facelet index, or null. */
  stickerAt(clientX, clientY) {
    const model = this.#stage?.puzzleModel;
    const hit = model && this.#view?.pick(clientX, clientY, model.object);
    return hit?.object.userData.facelet ?? null;
  }
  /** Each sticker's centre on the view: {facelet, x, y (CSS pixels from its top left), visible}. */
  stickerScreenPoints() {
    return this.#parts?.stickerScreenPoints(this.#view, this.#stage?.puzzleModel) ?? [];
  }

  /** The position shown as a PNG or SVG Blob: {format, view, size, background} (./export.js). */
  async exportImage(options) {
    await this.#settled();
    return (await import("./export.js")).exportImage(this.#exportSource(), options);
  }
  /** The move list played, as a GIF or WebM Blob: {format, size, fps, …} (./export.js). */
  async exportAnimation(options) {
    await this.#settled();
    return (await import("./export.js")).exportAnimation(this.#exportSource(), options);
  }
  #exportSource() {
    return {
      view: this.#view,
      model: this.#model,
      ui: this.#ui,
      engine: this.engine,
      pieceModelMaker: () => this.#stage?.pieceModelMaker() ?? null,
    };
  }

  /** An attribute's text as the player uses it: "" when absent or too long (lengthProblem). */
  #read(name) {
    const text = this.getAttribute(name);
    return text === null || lengthProblem(name, text) ? "" : text;
  }

  /**
   * The puzzle asked for, as the engine names it, and the attribute that asked: a description
   * wins over a puzzle id, so a page may keep `puzzle` as it is and add a description to it.
   */
  #wantedPuzzle() {
    const description = this.#read("description").trim();
    if (description) return { name: description, attribute: "description" };
    return { name: this.#read("puzzle").trim(), attribute: "puzzle" };
  }

  get #current() {
    return this.#model?.position.current;
  }

  /** Near the viewport: paints the picture, and starts the player if `load` says so. */
  #nearViewport() {
    this.#repaint();
    if (this.#presentation.load === "eager") this.#start();
    else if (this.#presentation.load === "idle") {
      const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 200));
      idle(() => this.#start(), { timeout: 3000 });
    }
  }

  /** The picture of the start position, while the player has not started. */
  #repaint() {
    if (this.#starting || !this.#near) return;
    this.#picture.paint({
      puzzle: this.#wantedPuzzle().name,
      setup: this.#read("setup"),
      camera: this.#presentation.camera,
      appearance: this.#appearance(),
    });
  }

  /** Loads the 3D player (once) and starts it. */
  #start() {
    if (!this.#starting) this.#picture.starting();
    this.#starting ??= import("./started.js").then((parts) => {
      this.#parts = parts;
      this.shadowRoot.adoptedStyleSheets = [playerStyleSheet(), parts.editStyleSheet()];
      this.#startWith(parts);
    });
    return this.#starting;
  }

  #startWith({
    createView,
    createSpeedControl,
    createPlayerModel,
    geometryEntry,
    bindStage,
    bindControls,
    createEditMode,
  }) {
    const ui = this.#ui;
    let viewError = "";
    try {
      this.#view = createView(ui.view);
      this.#view.setOnScreen(this.#near);
    } catch (err) {
      viewError = `No 3D view: WebGL is not available (${err.message}).`;
    }
    const view = this.#view;
    const speed = createSpeedControl(ui);
    const model = createPlayerModel({
      engine: this.engine,
      geometryEntry,
      pauseMs: speed.pauseMs,
    });
    this.#model = model;
    if (this.#longSearchSeconds !== null) model.longSearchMs = this.#longSearchSeconds * 1000;
    const editing = () => this.#editMode?.active ?? false;
    const engine = this.engine;
    this.#stage = bindStage({ ui, model, view, viewError, speed, editing, engine });
    const controls = bindControls({
      ui,
      model,
      editMode: { available: () => this.#editMode.available() },
      onEdit: () => this.editColours(),
    });
    this.#editMode = createEditMode({
      ui,
      engine: this.engine,
      view,
      position: model.position,
      puzzleModel: () => this.#stage.puzzleModel,
      showPosition: (answer) => this.#stage.showPosition(answer),
      onAccept: (state, then) => {
        model.setState(state);
        if (then.solve) model.solve();
      },
      onToggle: () => {
        this.#stage.describeView();
        controls.update();
      },
    });
    this.#moveList.connect(model);
    // A position shown by anything else (a script, another puzzle) ends editing without keeping it.
    model.addEventListener("position", ({ detail }) => {
      this.#editMode.cancel();
      this.#positionShown(detail.current, detail.cause);
    });
    model.addEventListener("move", ({ detail }) => {
      this.dispatchEvent(new CustomEvent("move", { bubbles: true, detail }));
    });
    model.addEventListener("playback", () => {
      this.dispatchEvent(new CustomEvent("playback", { bubbles: true }));
    });
    model.addEventListener("scramble", ({ detail }) => {
      this.dispatchEvent(new CustomEvent("scramble", { bubbles: true, detail }));
    });
    model.addEventListener("message", ({ detail: { source, text, sequence, answer } }) => {
      if (text === null) this.#messages.clear(source);
      else if (sequence !== undefined) this.#messages.setNotation(source, sequence, answer);
      else this.#messages.set(source, text);
    });
    this.#setControls(this.#presentation.controls);
    this.#stage.setCamera(this.#presentation.camera);
    this.#stage.setHintStickers(this.#presentation.hintStickers);
    this.#stage.setView(this.#presentation.view);
    this.#showBackView();
    view?.setMirror(this.#presentation.mirror);
    // The picture gives way once the 3D view shows the same position.
    this.#configure().then((accepted) => {
      this.#picture.hide();
      this.#markReady(accepted);
    });
  }

  /** The back view's canvas shown where the back-view attribute says, and drawn (with WebGL). */
  #showBackView() {
    const where = this.#presentation.backView;
    this.#ui.player.dataset.backView = where;
    this.#ui.backView.hidden = where === "none" || !this.#view;
    this.#view?.setBackView(where === "none" ? null : this.#ui.backView);
  }

  /** "none", "playback" or "full": which parts show, and whether the puzzle turns. */
  #setControls(level) {
    this.#ui.player.dataset.controls = level;
    if (!this.#model) return;
    const interactive = level !== "none";
    if (!interactive) this.#model.pause();
    this.#stage.setInteractive(interactive);
  }

  /** Starts the player if needed and waits until its position attributes are shown. */
  #settled() {
    this.#start();
    return this.#configured;
  }

  /** Shows the position the puzzle, setup and alg attributes ask for (once per batch of changes). */
  #configure() {
    if (!this.#model) return this.#configured;
    if (!this.#configureQueued) {
      this.#configureQueued = true;
      this.#configured = Promise.resolve().then(() => {
        this.#configureQueued = false;
        const { name, attribute } = this.#wantedPuzzle();
        return this.#model.configure({
          puzzle: name,
          attribute,
          setup: this.#read("setup"),
          alg: this.#read("alg"),
          numbering: this.#read("numbering"),
          groups: this.#read("numbering-groups"),
          appearance: this.#appearance(),
        });
      });
    }
    return this.#configured;
  }

  /** The appearance attributes' text: {stickering, mask, colors, scheme}. */
  #appearance() {
    return Object.fromEntries(APPEARANCE_ATTRIBUTES.map((name) => [name, this.#read(name)]));
  }

  /** Gives the model the appearance attributes (once per batch of changes), after any configure. */
  #restyle() {
    if (!this.#model || this.#restyled) return;
    this.#restyled = this.#configured.then(() => {
      this.#restyled = null;
      return this.#model.setAppearance(this.#appearance());
    });
  }

  /**
   * Gives the model the numbering attributes (once per batch of changes), after any pending
   * configure, which reads them too.
   */
  #renumber() {
    if (!this.#model || this.#renumbered) return;
    this.#renumbered = this.#configured.then(() => {
      this.#renumbered = null;
      return this.#model.setNumbering({
        numbering: this.#read("numbering"),
        groups: this.#read("numbering-groups"),
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
      "camera-latitude": readCameraLatitude,
      "camera-longitude": readCameraLongitude,
      size: readSize,
      keyboard: readKeyboard,
      load: readLoad,
      "back-view": readBackView,
      mirror: readMirror,
      view: readView,
      "hint-stickers": readHintStickers,
    }[name];
    if (!read) return;
    const { value, error } = read(text);
    if (error) this.#messages.set(name, error);
    else this.#messages.clear(name);
    switch (name) {
      case "controls":
        this.#presentation.controls = value;
        if (value === "full") this.#internals.states.add("full");
        else this.#internals.states.delete("full");
        this.#setControls(value);
        break;
      case "background":
        setProperty(ui.player, "--background", value);
        break;
      case "colour-scheme":
        ui.player.dataset.colourScheme = value;
        break;
      case "camera":
      case "camera-latitude":
      case "camera-longitude": {
        const key = { camera: "cameraOption", "camera-latitude": "latitude" }[name] ?? "longitude";
        const presentation = this.#presentation;
        presentation[key] = value;
        presentation.camera = cameraWith(
          presentation.cameraOption,
          presentation.latitude,
          presentation.longitude,
        );
        this.#stage?.setCamera(presentation.camera);
        break;
      }
      case "back-view":
        this.#presentation.backView = value;
        this.#showBackView();
        break;
      case "mirror":
        this.#presentation.mirror = value;
        ui.player.dataset.mirror = value;
        this.#view?.setMirror(value);
        break;
      case "view":
        this.#presentation.view = value;
        ui.player.dataset.view = value;
        ui.viewSwitch.textContent = value === "net" ? "3D" : "Net";
        ui.viewSwitch.title = value === "net" ? "Show the puzzle in 3D" : "Show the flat net";
        this.#stage?.setView(value);
        break;
      case "hint-stickers":
        this.#presentation.hintStickers = value;
        this.#stage?.setHintStickers(value);
        break;
      case "load":
        this.#presentation.load = value;
        if (this.#near && value !== "interaction") this.#nearViewport();
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
