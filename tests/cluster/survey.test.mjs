// Distance surveys across machines (docs/survey.md): the documented Slurm job-array script on a
// single-node Slurm started for the test, and the GNU parallel recipe on this machine's cores.
// Sharded runs must merge to exactly the record of one process; a killed or lost shard is
// reported missing, and running it again completes the survey.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";

import { startLocalSlurm } from "./local-slurm.mjs";

const root = resolve(import.meta.dirname, "../..");
const polytwist = join(root, "build/polytwist");
const work = mkdtempSync(join(tmpdir(), "polytwist-survey-"));
after(() => rmSync(work, { recursive: true, force: true }));

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: "utf8", timeout: 300_000, ...options });
}

/** `polytwist merge` of a directory's shard records: its exit code, record and messages. */
function merge(dir, shards) {
  const files = shards.map((i) => join(dir, `shard-${i}.json`)).filter((f) => existsSync(f));
  const result = run(polytwist, ["merge", ...files]);
  return {
    status: result.status,
    record: result.stdout ? JSON.parse(result.stdout) : null,
    stderr: result.stderr,
  };
}

function sameSurvey(merged, whole) {
  for (const key of [
    "solved",
    "histogram",
    "histogram_without_tips",
    "deepest",
    "deepest_without_tips",
    "positions_hash",
  ]) {
    assert.deepEqual(merged[key], whole[key], key);
  }
}

const SURVEY = { puzzle: "pyraminx", count: "3000", seed: "11" };
let whole;
before(() => {
  const single = run(polytwist, [
    "survey",
    SURVEY.puzzle,
    "--count",
    SURVEY.count,
    "--seed",
    SURVEY.seed,
  ]);
  assert.equal(single.status, 0, single.stderr);
  whole = JSON.parse(single.stdout);
  assert.equal(whole.solved, 3000);
});

describe("a Slurm job array", () => {
  let slurm;
  before(async () => {
    slurm = await startLocalSlurm();
  });
  after(async () => slurm?.stop());

  const submit = (out, array, extra = {}) => {
    mkdirSync(out, { recursive: true }); // Slurm opens the task logs there before the script runs
    const result = run(
      "sbatch",
      [
        "--wait",
        `--array=${array}`,
        "--cpus-per-task=1",
        `--output=${join(out, "slurm-%a.log")}`,
        `--export=ALL,PUZZLE=${SURVEY.puzzle},COUNT=${SURVEY.count},SEED=${SURVEY.seed},` +
          `OUT=${out},POLYTWIST=${polytwist}` +
          Object.entries(extra)
            .map(([k, v]) => `,${k}=${v}`)
            .join(""),
        join(root, "docs/survey/slurm-array.sh"),
      ],
      { env: slurm.env },
    );
    assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
  };

  it("solves a 4-task array whose merge equals one process's survey", () => {
    const out = join(work, "slurm");
    submit(out, "0-3");
    const merged = merge(out, [0, 1, 2, 3]);
    assert.equal(merged.status, 0, merged.stderr);
    assert.deepEqual(merged.record.shards, [0, 1, 2, 3]);
    assert.equal(merged.record.complete, true);
    sameSurvey(merged.record, whole);
    assert.match(merged.stderr, /95% interval/);

    // A lost shard is reported; resubmitting that array index completes the survey.
    unlinkSync(join(out, "shard-2.json"));
    const partial = merge(out, [0, 1, 2, 3]);
    assert.equal(partial.status, 3);
    assert.match(partial.stderr, /shard 2 of 0\.\.3 missing/);
    assert.equal(partial.record.complete, false);
    submit(out, "2", { SHARDS: 4 });
    const completed = merge(out, [0, 1, 2, 3]);
    assert.equal(completed.status, 0, completed.stderr);
    sameSurvey(completed.record, whole);
  });
});

describe("the GNU parallel recipe", () => {
  const recipe = join(root, "docs/survey/parallel.sh");
  const env = { ...process.env, POLYTWIST: polytwist };

  it("runs the shards on local cores and merges to one process's survey", () => {
    const out = join(work, "parallel");
    const result = run(recipe, [SURVEY.puzzle, SURVEY.count, SURVEY.seed, "6", out, "-j2"], {
      env,
    });
    assert.equal(result.status, 0, result.stderr);
    const merged = merge(out, [0, 1, 2, 3, 4, 5]);
    assert.equal(merged.status, 0, merged.stderr);
    sameSurvey(merged.record, whole);
  });

  it("reports a killed shard missing, and running the recipe again completes the survey", async () => {
    // Shards of a few seconds each, so one can be killed while it works.
    const out = join(work, "killed");
    const args = ["pyraminx", "400000", "5", "4", out, "-j4"];
    const first = spawn(recipe, args, { env, stdio: "ignore" });
    const finished = new Promise((done) => first.on("exit", done));
    let killed = false;
    for (let tries = 0; tries < 100 && !killed; ++tries) {
      await new Promise((done) => setTimeout(done, 100));
      killed = run("pkill", ["-KILL", "-f", `survey pyraminx .*--shard 1/4 `]).status === 0;
    }
    assert.ok(killed, "shard 1 was running and was killed");
    assert.notEqual(await finished, 0, "the recipe says a shard failed");
    const partial = merge(out, [0, 1, 2, 3]);
    assert.equal(partial.status, 3);
    assert.deepEqual(partial.record.shards, [0, 2, 3]);
    assert.match(partial.stderr, /shard 1 of 0\.\.3 missing/);
    assert.ok(!existsSync(join(out, "shard-1.json")));

    const again = run(recipe, args, { env });
    assert.equal(again.status, 0, again.stderr);
    const completed = merge(out, [0, 1, 2, 3]);
    assert.equal(completed.status, 0, completed.stderr);
    assert.equal(completed.record.solved, 400000);
    assert.equal(completed.record.complete, true);
  });
});
