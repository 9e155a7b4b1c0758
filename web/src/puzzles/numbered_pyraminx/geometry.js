// The Numbered Pyraminx in three.js (docs/puzzles/numbered_pyraminx.md): the Pyraminx's model
// (../pyraminx/geometry.js: same pieces, turns and sticker numbering) with light neutral stickers,
// each carrying a vector digit (../shared/digit-glyphs.js). The digits come from the engine
// (numberingPosition's `digits`, one per sticker position), given to setDigits(); the model never
// works them out itself.
//
// Each digit stands upright on its face (its top towards the face's apex, as the faces are read),
// centred on its sticker. It is a child of the sticker's mesh, so it turns with the piece during a
// turn's animation; when the turn ends the engine's new digits are drawn upright again.
import { Matrix4, Mesh, Vector3 } from "three";

import { createPyraminx } from "../pyraminx/geometry.js";
import { CORNERS, FACES, STICKERS } from "../pyraminx/layout.js";
import { digitGeometries } from "../shared/digit-glyphs.js";
import { digitMaterial } from "../shared/materials.js";

/** A light neutral: colours carry nothing on this puzzle, and dark digits read best on it. */
export const STICKER_COLOUR = "#f3efe4";
/** The digit's height with its pen, in the Pyraminx's units: a sticker's inscribed circle is 0.25 across. */
const DIGIT_HEIGHT = 0.19;
/** Above the sticker (itself 0.003 above the piece), so the digit is drawn over it. */
const DIGIT_LIFT = 0.006;

/** Each face's upward direction: from the middle of its bottom side to its apex. */
const FACE_UP = Object.fromEntries(
  FACES.map(({ name, apex, bottomLeft, bottomRight }) => [
    name,
    CORNERS[apex]
      .clone()
      .sub(CORNERS[bottomLeft].clone().add(CORNERS[bottomRight]).multiplyScalar(0.5))
      .normalize(),
  ]),
);

/** Where a sticker's digit is drawn: the glyph's x right and y up on the sticker, z its normal. */
function digitPlacement(sticker) {
  const up = FACE_UP[sticker.face];
  const right = new Vector3().crossVectors(up, sticker.normal);
  const position = sticker.centroid.clone().addScaledVector(sticker.normal, DIGIT_LIFT);
  return new Matrix4()
    .makeBasis(
      right.multiplyScalar(DIGIT_HEIGHT),
      up.clone().multiplyScalar(DIGIT_HEIGHT),
      sticker.normal,
    )
    .setPosition(position);
}

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's
 *   puzzleInfo("numbered_pyraminx")
 */
export function createNumberedPyraminx(info) {
  const neutral = {
    ...info,
    faces: info.faces.map((face) => ({ ...face, colour: STICKER_COLOUR })),
  };
  const model = createPyraminx(neutral, { id: "numbered_pyraminx" });
  const glyphs = digitGeometries();
  const digitOfGlyph = new Map(Object.entries(glyphs).map(([digit, glyph]) => [glyph, digit]));

  const digits = model.stickers.map((sticker, i) => {
    const mesh = new Mesh(glyphs[1], digitMaterial());
    mesh.name = `digit on facelet ${i}`;
    mesh.matrixAutoUpdate = false;
    mesh.matrix.copy(digitPlacement(STICKERS[i]));
    mesh.visible = false;
    mesh.raycast = () => {}; // clicks and visibility checks go to the sticker underneath
    sticker.add(mesh);
    return mesh;
  });

  /**
   * Draws the engine's digits, one character per sticker position ("1"–"9"; any other character
   * leaves that sticker blank). Like setFacelets, it expects the pieces at rest.
   */
  function setDigits(text) {
    if (typeof text !== "string" || text.length !== digits.length) {
      throw new Error(
        `numbered_pyraminx needs ${digits.length} digits, got ${JSON.stringify(text)}`,
      );
    }
    digits.forEach((mesh, i) => {
      const glyph = glyphs[text[i]];
      mesh.visible = Boolean(glyph);
      if (glyph) mesh.geometry = glyph;
    });
  }

  return {
    ...model,
    setDigits,
    /** The digit each sticker's glyph draws, read off the meshes (" " where none is shown). */
    shownDigits: () =>
      digits.map((mesh) => (mesh.visible ? digitOfGlyph.get(mesh.geometry) : " ")).join(""),
  };
}
