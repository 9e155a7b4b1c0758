// Keyboard bindings as data: {keys: "Shift+Alt+U", move: "U'"}. One letter key per turn, Shift for
// the bigger turn, Alt for the inverse; the same rule for every puzzle (docs/player.md).

/**
 * The four bindings of one letter: plain, Alt (inverse), Shift (bigger), Shift+Alt.
 * @param {string} letter  the key's letter, e.g. "U"
 * @param {string} plain   the move of the bare key
 * @param {string} [shifted]  the move with Shift; its inverse is not added when it has none
 */
export function letterBindings(letter, plain, shifted) {
  const bindings = [
    { keys: letter, move: plain },
    { keys: `Alt+${letter}`, move: inverse(plain) },
  ];
  if (shifted) {
    bindings.push({ keys: `Shift+${letter}`, move: shifted });
    const shiftedInverse = inverse(shifted);
    if (shiftedInverse !== shifted) {
      bindings.push({ keys: `Shift+Alt+${letter}`, move: shiftedInverse });
    }
  }
  return bindings;
}

/** The inverse of a simple move: X ↔ X', and X2 stays X2 (a half turn is its own inverse). */
export function inverse(move) {
  if (move.endsWith("'")) return move.slice(0, -1);
  if (move.endsWith("2")) return move;
  return `${move}'`;
}
