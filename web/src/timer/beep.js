// A short beep through Web Audio, for the judge's calls while the solver looks at the puzzle
// rather than the screen (the Beep box, off unless ticked). One AudioContext, made on the first
// beep (after a press on the page, so the browser lets it sound).
let context = null;

/** A tenth of a second of a quiet sine at `frequency` Hz. */
export function beep(frequency) {
  context ??= new AudioContext();
  context.resume();
  const tone = new OscillatorNode(context, { frequency });
  const volume = new GainNode(context, { gain: 0.15 });
  tone.connect(volume).connect(context.destination);
  tone.start();
  tone.stop(context.currentTime + 0.1);
}
