// The standalone <polytwist-player> bundle (docs/embedding.md): build/site/polytwist-player.js,
// usable with one tag, <script type="module" src=".../polytwist-player.js"></script>, with the
// engine's worker and wasm in assets/ beside it. Importing it defines the element.
export { PolytwistPlayer } from "./src/player/polytwist-player.js";
