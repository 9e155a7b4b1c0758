// A small seeded generator (mulberry32) for the tests' reproducible random sequences and mixes.

/** A function returning numbers in [0, 1), the same ones for the same seed. */
export function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
