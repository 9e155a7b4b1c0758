// Animated GIFs from RGBA frames, with gifenc (npm, MIT: a small, fast encoder that needs no
// workers). A GIF has at most 256 colours; every frame here uses one palette, taken from sample
// frames before the first is written, so a colour never changes from one frame to the next.
import { GIFEncoder, applyPalette, quantize } from "gifenc";

/**
 * @param {{width: number, height: number, samples: Uint8ClampedArray[]}} options  `samples`:
 *   RGBA frames (width × height each) whose colours the palette is made from
 * @returns {{addFrame: (rgba: Uint8ClampedArray, delayMs: number) => void, finish: () => Blob}}
 *   delays in milliseconds, multiples of 10 (a GIF counts hundredths of a second)
 */
export function createGifWriter({ width, height, samples }) {
  const joined = new Uint8ClampedArray(samples.reduce((sum, s) => sum + s.length, 0));
  samples.reduce((offset, sample) => (joined.set(sample, offset), offset + sample.length), 0);
  const palette = quantize(joined, 256);
  const encoder = GIFEncoder();
  let first = true;
  return {
    addFrame(rgba, delayMs) {
      const index = applyPalette(rgba, palette);
      // The first frame carries the palette as the GIF's global colour table; gifenc's default
      // repeat (0) loops forever.
      encoder.writeFrame(index, width, height, {
        palette: first ? palette : undefined,
        delay: delayMs,
      });
      first = false;
    },
    finish() {
      encoder.finish();
      return new Blob([encoder.bytes()], { type: "image/gif" });
    },
  };
}
