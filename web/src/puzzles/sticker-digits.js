// Digits on the stickers of a puzzle whose stickers carry symbols (puzzleInfo `symbols`, the
// Numbered Pyraminx, docs/puzzles/numbered_pyraminx.md): a vector digit (./digit-glyphs.js) on
// every sticker of the 3D model. The digits come from the engine (numberingPosition's `digits`,
// one per sticker position, and `sources`, the home sticker each position shows), given to
// setDigits(); the model never works them out itself.
//
// In the home arrangement each digit stands upright on its face: its top towards the face's first
// sticker, where a face is read from (a Pyraminx face's apex), centred on its sticker. Like a
// real sticker it keeps that orientation on its piece: wherever the engine says a home sticker
// now is, its digit is drawn turned by the rotation that carried its piece there. A digit is a
// child of its sticker's mesh, so it turns with the piece during a turn's animation and ends
// exactly where the next position draws it.
import { Matrix4, Mesh, Vector3 } from "three";

import { digitGeometries } from "./digit-glyphs.js";
import { digitMaterial } from "./materials.js";

/** A light neutral: colours carry nothing on such a puzzle, and dark digits read best on it. */
export const NUMBERED_STICKER_COLOUR = "#f3efe4";
/** A digit's height with its pen, in its sticker's inradii (it stays inside the border). */
const DIGIT_HEIGHT = 1.45;

/**
 * @param {{index: number, face: number, normal: Vector3, centre: Vector3, inradius: number}[]}
 *   stickers  the model's stickers in the engine's numbering, in model space
 * @param {{normal: Vector3, centre: Vector3, first: number}[]} faces  each face's normal, centre
 *   and first sticker
 * @param {Mesh[]} meshes  the sticker meshes the digits are added to
 * @param {number} lift  the digits' height above their sticker's face
 */
export function stickerDigits(stickers, faces, meshes, lift) {
  const faceUp = faces.map(({ normal, centre, first }) =>
    stickers[first].centre.clone().sub(centre).projectOnPlane(normal).normalize(),
  );
  /** Each sticker's upright digit: the glyph's x right and y up on the sticker, z its normal. */
  const upright = stickers.map(({ face, normal, centre, inradius }) => {
    const up = faceUp[face];
    const right = new Vector3().crossVectors(up, normal);
    const size = DIGIT_HEIGHT * inradius;
    return new Matrix4()
      .makeBasis(right.multiplyScalar(size), up.clone().multiplyScalar(size), normal)
      .setPosition(centre.clone().addScaledVector(normal, lift));
  });
  /**
   * Each sticker's frame, which turns rigidly with its piece: the direction from its face's centre
   * to its own (its face's up for a sticker in the middle), its normal, and their cross.
   */
  const frames = stickers.map(({ face, normal, centre }) => {
    const offset = centre.clone().sub(faces[face].centre).projectOnPlane(normal);
    const along = offset.length() > 1e-6 ? offset.normalize() : faceUp[face].clone();
    return new Matrix4().makeBasis(along, normal, new Vector3().crossVectors(along, normal));
  });
  /** Home sticker `source`'s digit at position `position`: upright, turned as its piece was. */
  const carried = (source, position) =>
    frames[position].clone().multiply(frames[source].clone().transpose()).multiply(upright[source]);

  const glyphs = digitGeometries();
  const digitOfGlyph = new Map(Object.entries(glyphs).map(([digit, glyph]) => [glyph, digit]));
  const digits = meshes.map((sticker, i) => {
    const mesh = new Mesh(glyphs[1], digitMaterial());
    mesh.name = `digit on facelet ${i}`;
    mesh.matrixAutoUpdate = false;
    mesh.matrix.copy(upright[i]);
    mesh.visible = false;
    mesh.raycast = () => {}; // clicks and visibility checks go to the sticker underneath
    sticker.add(mesh);
    return mesh;
  });

  return {
    /**
     * Draws the engine's digits, one character per sticker position ("1"–"9"; any other
     * character leaves that sticker blank), each turned as the piece carrying it: `sources[i]` is
     * the home sticker position i shows (numberingPosition's `sources`); without them every digit
     * is drawn upright on its face. Like setFacelets, it expects the pieces at rest.
     */
    setDigits(text, sources) {
      if (typeof text !== "string" || text.length !== digits.length) {
        throw new Error(`this puzzle needs ${digits.length} digits, got ${JSON.stringify(text)}`);
      }
      if (sources !== undefined && sources.length !== digits.length) {
        throw new Error(`this puzzle needs ${digits.length} sources, got ${sources.length}`);
      }
      digits.forEach((mesh, i) => {
        const glyph = glyphs[text[i]];
        mesh.visible = Boolean(glyph);
        if (glyph) mesh.geometry = glyph;
        mesh.matrix.copy(sources ? carried(sources[i], i) : upright[i]);
      });
    },
    /** The digit each sticker's glyph draws, read off the meshes (" " where none is shown). */
    shownDigits: () =>
      digits.map((mesh) => (mesh.visible ? digitOfGlyph.get(mesh.geometry) : " ")).join(""),
    /** The direction of the top of the digit on sticker `facelet`, in world space. */
    digitUp(facelet) {
      digits[facelet].updateWorldMatrix(true, false);
      return new Vector3().setFromMatrixColumn(digits[facelet].matrixWorld, 1).normalize();
    },
  };
}
