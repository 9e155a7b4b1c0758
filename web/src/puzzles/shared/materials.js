// Materials shared by every model on the page: the black plastic and one material per sticker
// colour. All players draw through one WebGL context, so each is compiled and uploaded once;
// a sticker changes colour by switching material, never by changing one.
import { MeshStandardMaterial } from "three";

export const UNKNOWN_COLOUR = "#808080";

let plastic = null;
const stickers = new Map(); // CSS colour → material

/** The black plastic of the pieces. */
export function plasticMaterial() {
  plastic ??= new MeshStandardMaterial({ color: 0x151515, roughness: 0.55 });
  return plastic;
}

/** The sticker material of a colour (e.g. the engine's "#1a9e3a"). */
export function stickerMaterial(colour) {
  let material = stickers.get(colour);
  if (!material) {
    material = new MeshStandardMaterial({ color: colour, roughness: 0.4 });
    stickers.set(colour, material);
  }
  return material;
}
