// The repository's licence, and the README's list of what the built site bundles: every package
// whose code is in build/site is named there with the licence its own package.json gives.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { repoDir } from "../js/engine.mjs";

const readme = readFileSync(`${repoDir}README.md`, "utf8");
const licences = readme.slice(readme.indexOf("## Licence"));
const packageJson = (name) =>
  JSON.parse(readFileSync(`${repoDir}node_modules/${name}/package.json`, "utf8"));

test("the repository is under the MIT licence", () => {
  assert.match(readFileSync(`${repoDir}LICENSE`, "utf8"), /^MIT License\n/);
  assert.equal(JSON.parse(readFileSync(`${repoDir}package.json`, "utf8")).license, "MIT");
  assert.match(licences, /MIT licence \(\[LICENSE\]\(LICENSE\)\)/);
});

test("the README names each bundled package with its own licence", () => {
  const site = `${repoDir}build/site/`;
  const files = [...readdirSync(site), ...readdirSync(`${site}assets`).map((f) => `assets/${f}`)];
  const text = files
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(`${site}${file}`, "utf8"))
    .join("\n");
  // Marks each package leaves in the bundle, and how the README names it.
  const bundled = [
    { name: "three", mark: /REVISION\s*=\s*"\d+"|WebGLRenderer/, readme: "three.js" },
    { name: "workbox-window", mark: /workbox/i, readme: "Workbox" },
  ];
  for (const { name, mark, readme: shown } of bundled) {
    assert.match(text, mark, `${name} is not in the built site any more`);
    const row = licences.split("\n").find((line) => line.includes(shown));
    assert.ok(row, `the README's licence list does not name ${shown}`);
    assert.ok(row.includes(packageJson(name).license), `${shown}: ${row}`);
    // The version the README gives (major.minor) is the one installed.
    const { version } = packageJson(name);
    const majorMinor = version.split(".").slice(0, 2).join(".");
    assert.ok(row.includes(majorMinor), `${shown} ${version}: ${row}`);
  }
});
