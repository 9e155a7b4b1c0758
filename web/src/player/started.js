// What a player needs once it starts (3D scene, turns, editor): loaded with a dynamic import()
// when the player starts, so a page's first paint costs only the picture (./picture-mode.js).
export { editStyleSheet } from "../edit/styles.js";
export { stickerScreenPoints } from "../render/sticker-probe.js";
export { createView } from "../render/view.js";
export { geometryEntry } from "../puzzles/index.js";
export { createSpeedControl } from "../ui/speed.js";
export { bindControls } from "./dom/controls.js";
export { bindStage } from "./dom/stage.js";
export { createEditMode } from "./edit-mode.js";
export { createPlayerModel } from "./model.js";
