// Pictures without the engine, for the common case: a setup or alg that is plain moves separated
// by spaces. The engine ships each puzzle's template (`polytwist pictures`, the service's
// pictureTemplate in engine/api/pictures.cpp): its solved picture and, per move token, where the
// stickers go; this only follows the stickers and recolours the picture. Anything else — groups,
// repetitions, comments, rotations, a typo — returns null and the engine itself draws it
// (./model.js), with its message.

/**
 * @param {{svg: string, colours: string[], faces: number[], moves: Record<string, number[]>}} template
 * @param {string} alg
 * @returns {string | null} the SVG, or null when the engine must read the alg
 */
export function fastPicture(template, alg) {
  const text = alg.trim();
  let shown = template.faces.map((_, place) => place); // the sticker at each place
  for (const token of text ? text.split(/\s+/) : []) {
    const sources = Object.hasOwn(template.moves, token) ? template.moves[token] : null;
    if (!sources) return null;
    shown = sources.map((source) => shown[source]);
  }
  return template.svg.replace(
    /fill="[^"]*" data-f="(\d+)"/g,
    (_, place) => `fill="${template.colours[template.faces[shown[place]]]}" data-f="${place}"`,
  );
}
