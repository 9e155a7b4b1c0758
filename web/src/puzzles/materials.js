// Materials shared by every model on the page: the black plastic, one material per sticker
// colour and the digits' ink. All players draw through one WebGL context, so each is compiled and
// uploaded once; a sticker changes colour by switching material, never by changing one. All are
// matt (Lambert), lit as ../render/lighting.js says.
import { MeshLambertMaterial } from "three";

export const UNKNOWN_COLOUR = "#808080";

let plastic = null;
let digitInk = null;
const stickers = new Map(); // CSS colour → material
const flaggedStickers = new Map(); // CSS colour → material with stripes

/** Dark and light diagonal stripes in screen space over the sticker's colour (GLSL). */
export const STRIPES = `
  float stripe = mod(gl_FragCoord.x + gl_FragCoord.y, 14.0);
  if (stripe < 5.0) diffuseColor.rgb *= 0.12;
  else if (stripe < 7.0) diffuseColor.rgb = mix(diffuseColor.rgb, vec3(1.0), 0.7);`;

/** The black plastic of the pieces: the engine's pictures' (engine/render/image.cpp). */
export const PLASTIC_COLOUR = "#1b1b1b";

/** A sticker a stickering mask greys out: the engine's pictures' grey (engine/render/image.cpp). */
export const MASKED_COLOUR = "#7f7f7f";

/**
 * The colour a stickering mask draws sticker `i` of a position in, or null where it shows its own:
 * `looks` has one letter per sticker of the solved puzzle ("g" grey, "h" hidden: the plastic's
 * colour, as if the sticker were peeled off), and `sources[i]` is the solved puzzle's sticker now
 * at place i (./appearance.js), so the mask follows the pieces.
 */
export function maskedColour(looks, sources, i) {
  const look = looks && looks[sources?.[i] ?? i];
  return look === "g" ? MASKED_COLOUR : look === "h" ? PLASTIC_COLOUR : null;
}

/** The black plastic of the pieces. */
export function plasticMaterial() {
  plastic ??= new MeshLambertMaterial({ color: PLASTIC_COLOUR });
  return plastic;
}

/**
 * The dark ink of the digits printed on stickers; pulled towards the camera in the depth test so
 * a digit never sinks into its sticker at a grazing angle.
 */
export function digitMaterial() {
  digitInk ??= new MeshLambertMaterial({
    color: 0x1d1d1f,
    polygonOffset: true,
    polygonOffsetFactor: -2,
    polygonOffsetUnits: -2,
  });
  return digitInk;
}

/** The sticker material of a colour (e.g. the engine's "#1a9e3a"). */
export function stickerMaterial(colour) {
  let material = stickers.get(colour);
  if (!material) {
    material = new MeshLambertMaterial({ color: colour });
    stickers.set(colour, material);
  }
  return material;
}

/**
 * The sticker material of a colour, striped dark and light like the state editor's net marks a
 * sticker named in an error, so the mark shows on every colour.
 */
export function flaggedStickerMaterial(colour) {
  let material = flaggedStickers.get(colour);
  if (!material) {
    material = new MeshLambertMaterial({ color: colour });
    material.onBeforeCompile = (shader) => {
      shader.fragmentShader = shader.fragmentShader.replace(
        "#include <color_fragment>",
        `#include <color_fragment>${STRIPES}`,
      );
    };
    material.customProgramCacheKey = () => "flagged-sticker";
    flaggedStickers.set(colour, material);
  }
  return material;
}
