// Pyraminx keys: the corner's letter turns its tip (u l r b), Shift+letter the two layers
// (U L R B), Alt for anticlockwise, as the notation writes them.
import { letterBindings } from "../shared/key-bindings.js";

export const PYRAMINX_KEYS = ["U", "L", "R", "B"].flatMap((corner) =>
  letterBindings(corner, corner.toLowerCase(), corner),
);
