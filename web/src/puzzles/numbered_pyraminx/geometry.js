// The Numbered Pyraminx in three.js (docs/puzzles/numbered_pyraminx.md): the Pyraminx's model
// (../pyraminx/geometry.js: same pieces, turns and sticker numbering) with light neutral stickers,
// each carrying a vector digit (../shared/digit-glyphs.js). The digits come from the engine
// (numberingPosition's `digits`, one per sticker position, and `sources`, the home sticker each
// position shows), given to setDigits(); the model never works them out itself.
//
// In the home arrangement each digit stands upright on its face (its top towards the face's apex,
// as the faces are read), centred on its sticker. Like a real sticker it keeps that orientation
// on its piece: wherever the engine says a home sticker now is, its digit is drawn turned by the
// rotation that carried its piece there. A digit is a child of its sticker's mesh, so it turns
// with the piece during a turn's animation and ends exactly where the next position draws it.
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

/** Each sticker's upright digit, where the home arrangement draws it. */
const UPRIGHT = STICKERS.map(digitPlacement);

/**
 * Each sticker's frame, which turns rigidly with its piece: the direction of its centroid along
 * its face (never zero: no sticker is centred on its face's middle), its normal, and their cross.
 */
const FRAMES = STICKERS.map(({ normal, centroid }) => {
  const along = centroid.clone().addScaledVector(normal, -centroid.dot(normal)).normalize();
  return new Matrix4().makeBasis(along, normal, new Vector3().crossVectors(along, normal));
});

/**
 * Where home sticker `source`'s digit is drawn at sticker position `position`: its upright
 * placement turned by the rotation R of the piece that carried it there (R · frame(source) =
 * frame(position), so R = frame(position) · frame(source)⁻¹; a frame's inverse is its transpose).
 */
function carriedPlacement(source, position) {
  const rotation = FRAMES[position].clone().multiply(FRAMES[source].clone().transpose());
  return rotation.multiply(UPRIGHT[source]);
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
    mesh.matrix.copy(UPRIGHT[i]);
    mesh.visible = false;
    mesh.raycast = () => {}; // clicks and visibility checks go to the sticker underneath
    sticker.add(mesh);
    return mesh;
  });

  /**
   * Draws the engine's digits, one character per sticker position ("1"–"9"; any other character
   * leaves that sticker blank), each turned as the piece carrying it: `sources[i]` is the home
   * sticker position i shows (numberingPosition's `sources`); without them every digit is drawn
   * upright on its face. Like setFacelets, it expects the pieces at rest.
   */
  function setDigits(text, sources) {
    if (typeof text !== "string" || text.length !== digits.length) {
      throw new Error(
        `numbered_pyraminx needs ${digits.length} digits, got ${JSON.stringify(text)}`,
      );
    }
    if (sources !== undefined && sources.length !== digits.length) {
      throw new Error(`numbered_pyraminx needs ${digits.length} sources, got ${sources.length}`);
    }
    digits.forEach((mesh, i) => {
      const glyph = glyphs[text[i]];
      mesh.visible = Boolean(glyph);
      if (glyph) mesh.geometry = glyph;
      mesh.matrix.copy(sources ? carriedPlacement(sources[i], i) : UPRIGHT[i]);
    });
  }

  return {
    ...model,
    setDigits,
    /** The digit each sticker's glyph draws, read off the meshes (" " where none is shown). */
    shownDigits: () =>
      digits.map((mesh) => (mesh.visible ? digitOfGlyph.get(mesh.geometry) : " ")).join(""),
    /** The direction of the top of the digit on sticker `facelet`, in world space. */
    digitUp(facelet) {
      model.object.updateMatrixWorld(true);
      return new Vector3().setFromMatrixColumn(digits[facelet].matrixWorld, 1).normalize();
    },
  };
}
