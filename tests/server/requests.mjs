// The mixed valid and hostile requests of the server's load test and soak (docs/server.md).
const MOVES = ["R", "U", "L", "B", "r", "u", "l", "b"];
const pick = (random, list) => list[Math.floor(random() * list.length)];
const randomAlg = (random) =>
  Array.from(
    { length: Math.floor(random() * 12) },
    () => pick(random, MOVES) + pick(random, ["", "'"]),
  );

/** The request kinds: [weight, make(random) → {path, method?, body?, headers?}, expected status]. */
export function requestKinds(wasmPath) {
  const alg = (random) => encodeURIComponent(randomAlg(random).join(" "));
  return [
    [
      50,
      (r) => ({ path: `/image.svg?pzl=pyraminx&alg=${alg(r)}&size=${pick(r, [64, 128, 256])}` }),
      200,
      "valid svg",
    ],
    [
      10,
      (r) => ({ path: `/image.png?pzl=pyraminx&alg=${alg(r)}&size=${pick(r, [64, 128])}` }),
      200,
      "valid png",
    ],
    [5, () => ({ path: "/", headers: { "Accept-Encoding": "br" } }), 200, "valid page"],
    [
      5,
      () => ({ path: `/${wasmPath}`, headers: { "Accept-Encoding": "gzip, br" } }),
      200,
      "valid wasm",
    ],
    [5, () => ({ path: "/image.svg?pzl=pyraminx&script=alert(1)" }), 400, "unknown parameter"],
    [5, () => ({ path: "/image.svg?pzl=pyraminx&size=99999999" }), 400, "huge size"],
    [5, () => ({ path: "/image.svg?pzl=nonesuch" }), 400, "bad puzzle"],
    [5, () => ({ path: `/image.svg?pzl=pyraminx&alg=${"R".repeat(5000)}` }), 414, "long URL"],
    [5, () => ({ path: "/%2e%2e/%2e%2e/etc/passwd" }), 400, "traversal"],
    [5, () => ({ path: "/image.svg", method: "POST", body: "x".repeat(256) }), 405, "bad method"],
  ];
}
