// The timer's pure parts (web/src/timer/) in Node: results and their penalties, WCA inspection
// and the judge's calls, the session's best, averages and mean, the CSV export, the timer's state
// machine with and without inspection, and the session store without IndexedDB (kept in memory).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { sessionCsv } from "../../web/src/timer/csv.js";
import {
  inspectionCall,
  inspectionDisplay,
  inspectionPenalty,
} from "../../web/src/timer/inspection.js";
import {
  HOLD_MS,
  initialTimerState,
  timerCall,
  timerDisplay,
  timerStep,
} from "../../web/src/timer/machine.js";
import { openSessionStore } from "../../web/src/timer/session-store.js";
import { averageOf, best, mean, sessionStatistics } from "../../web/src/timer/statistics.js";
import { formatCentiseconds, formatResult, resultCentiseconds } from "../../web/src/timer/times.js";

const solve = (seconds, penalty = "") => ({ ms: Math.round(seconds * 1000), penalty });

describe("timer results", () => {
  it("truncates to hundredths, adds two seconds for +2 and ranks a DNF last", () => {
    assert.equal(resultCentiseconds({ ms: 12_349, penalty: "" }), 1234);
    assert.equal(resultCentiseconds({ ms: 12_349, penalty: "+2" }), 1434);
    assert.equal(resultCentiseconds({ ms: 12_349, penalty: "DNF" }), Infinity);
  });

  it("writes times as timers do", () => {
    assert.equal(formatCentiseconds(907), "9.07");
    assert.equal(formatCentiseconds(0), "0.00");
    assert.equal(formatCentiseconds(6230), "1:02.30");
    assert.equal(formatCentiseconds(Infinity), "DNF");
    assert.equal(formatResult({ ms: 12_340, penalty: "+2" }), "14.34+");
    assert.equal(formatResult({ ms: 12_340, penalty: "DNF" }), "DNF");
  });
});

describe("WCA inspection", () => {
  it("costs +2 after 15 s and a DNF after 17 s", () => {
    assert.equal(inspectionPenalty(0), "");
    assert.equal(inspectionPenalty(15_000), "");
    assert.equal(inspectionPenalty(15_001), "+2");
    assert.equal(inspectionPenalty(17_000), "+2");
    assert.equal(inspectionPenalty(17_001), "DNF");
  });

  it("counts down whole seconds, then says the penalty", () => {
    assert.equal(inspectionDisplay(0), "15");
    assert.equal(inspectionDisplay(999), "15");
    assert.equal(inspectionDisplay(1000), "14");
    assert.equal(inspectionDisplay(14_500), "1");
    assert.equal(inspectionDisplay(16_000), "+2");
    assert.equal(inspectionDisplay(20_000), "DNF");
  });

  it("the judge calls 8 s and 12 s, until the inspection's 15 s are up", () => {
    assert.equal(inspectionCall(7_999), "");
    assert.equal(inspectionCall(8_000), "8 s");
    assert.equal(inspectionCall(11_999), "8 s");
    assert.equal(inspectionCall(12_000), "12 s");
    assert.equal(inspectionCall(14_999), "12 s");
    assert.equal(inspectionCall(15_000), "", "then the countdown says +2");
  });
});

describe("session statistics", () => {
  it("ao5 drops the best and the worst and rounds the mean of the other three", () => {
    const times = [solve(10.0), solve(12.0), solve(11.0), solve(30.0), solve(11.01)];
    assert.equal(averageOf(times, 5), Math.round((1200 + 1100 + 1101) / 3)); // 1134
    assert.equal(averageOf(times.slice(1), 5), null, "four solves have no ao5");
  });

  it("ao5 of the last five only", () => {
    const times = [solve(99), solve(10), solve(11), solve(12), solve(13), solve(14)];
    assert.equal(averageOf(times, 5), 1200);
  });

  it("one DNF is the dropped worst; two make the ao5 a DNF", () => {
    const one = [solve(10), solve(12, "DNF"), solve(11), solve(13), solve(14)];
    assert.equal(averageOf(one, 5), 1267); // (11 + 13 + 14) / 3 = 12.666…
    const two = [solve(10), solve(12, "DNF"), solve(11), solve(13, "DNF"), solve(14)];
    assert.equal(averageOf(two, 5), Infinity);
  });

  it("counts +2 in the averages", () => {
    const times = [solve(10), solve(10, "+2"), solve(10), solve(10), solve(10)];
    assert.equal(averageOf(times, 5), Math.round((1000 + 1000 + 1000) / 3));
    const plus = [solve(9), solve(10, "+2"), solve(10), solve(10), solve(20)];
    assert.equal(averageOf(plus, 5), Math.round((1000 + 1000 + 1200) / 3)); // 10.67
  });

  it("ao12 drops one best and one worst of twelve", () => {
    const times = Array.from({ length: 12 }, (_, i) => solve(10 + i)); // 10 … 21
    assert.equal(averageOf(times, 12), 1550); // the mean of 11 … 20
    times[3] = solve(13, "DNF"); // the worst now: 11, 12, 14 … 21 are counted
    assert.equal(averageOf(times, 12), 1630);
    times[4] = solve(14, "DNF");
    assert.equal(averageOf(times, 12), Infinity);
  });

  it("best and mean leave DNFs out; nothing without solves", () => {
    const times = [solve(12.5), solve(9.99, "DNF"), solve(11.25, "+2"), solve(13)];
    assert.equal(best(times), 1250);
    assert.equal(mean(times), Math.round((1250 + 1325 + 1300) / 3));
    assert.equal(best([solve(5, "DNF")]), Infinity);
    assert.equal(mean([solve(5, "DNF")]), null);
    assert.deepEqual(sessionStatistics([]), {
      count: 0,
      best: null,
      ao5: null,
      ao12: null,
      mean: null,
    });
  });
});

describe("session CSV", () => {
  it("writes one row per solve, oldest first, quoting what needs it", () => {
    const date = Date.UTC(2026, 10, 28, 1, 30, 0);
    const csv = sessionCsv([
      { ms: 12_345, penalty: "", scramble: "R U R' U'", date },
      { ms: 9_000, penalty: "+2", scramble: 'a, "b"', date: date + 60_000 },
      { ms: 65_432, penalty: "DNF", scramble: "F2", date: date + 120_000 },
    ]);
    assert.equal(
      csv,
      [
        "No.,Time,Penalty,Raw time,Scramble,Date",
        "1,12.34,,12.34,R U R' U',2026-11-28T01:30:00.000Z",
        '2,11.00,+2,9.00,"a, ""b""",2026-11-28T01:31:00.000Z',
        "3,DNF,DNF,65.43,F2,2026-11-28T01:32:00.000Z",
        "",
      ].join("\r\n"),
    );
  });
});

describe("timer state machine", () => {
  /** Steps through [type, at] events from the initial state. */
  const run = (events, from = initialTimerState) =>
    events.reduce((state, [type, at]) => timerStep(state, { type, at }), from);

  it("press and release start inspection; a hold makes it ready; release starts; press stops", () => {
    let state = run([
      ["press", 0],
      ["release", 50],
    ]);
    assert.equal(state.phase, "inspecting");
    assert.equal(timerDisplay(state, 50 + 3_200), "12");
    state = run([["press", 5_000]], state);
    assert.equal(state.phase, "holding");
    assert.equal(timerStep(state, { type: "tick", at: 5_000 + HOLD_MS - 1 }), state);
    state = run([["tick", 5_000 + HOLD_MS]], state);
    assert.equal(state.phase, "ready");
    state = run([["release", 5_400]], state);
    assert.equal(state.phase, "running");
    assert.equal(timerDisplay(state, 5_400 + 1_234), "1.23");
    state = run([["press", 5_400 + 12_345]], state);
    assert.deepEqual(state, { phase: "stopped", result: { ms: 12_345, penalty: "" } });
    assert.equal(timerDisplay(state, 99_999), "12.34");
    state = run([["release", 20_000]], state);
    assert.equal(state.phase, "idle");
    assert.equal(timerDisplay(state, 30_000), "12.34", "the last result stays shown");
  });

  it("a hold let go too soon goes back to inspection", () => {
    const state = run([
      ["press", 0],
      ["release", 10],
      ["press", 1_000],
      ["release", 1_000 + HOLD_MS - 1],
    ]);
    assert.equal(state.phase, "inspecting");
    assert.equal(state.inspectionStart, 10);
  });

  it("a hold long enough starts on release even before its tick", () => {
    const state = run([
      ["press", 0],
      ["release", 0],
      ["press", 1_000],
      ["release", 1_000 + HOLD_MS],
    ]);
    assert.equal(state.phase, "running");
  });

  it("starting after 15 s of inspection is +2, after 17 s a DNF", () => {
    const startAt = (at) =>
      run([
        ["press", 0],
        ["release", 0],
        ["press", at - HOLD_MS],
        ["release", at],
        ["press", at + 10_000],
      ]).result;
    assert.deepEqual(startAt(14_000), { ms: 10_000, penalty: "" });
    assert.deepEqual(startAt(16_000), { ms: 10_000, penalty: "+2" });
    assert.deepEqual(startAt(17_500), { ms: 10_000, penalty: "DNF" });
  });

  it("cancel goes back to idle from any phase, keeping no result", () => {
    const running = run([
      ["press", 0],
      ["release", 0],
      ["press", 100],
      ["release", 100 + HOLD_MS],
    ]);
    assert.deepEqual(timerStep(running, { type: "cancel", at: 5_000 }), initialTimerState);
    assert.equal(timerStep(initialTimerState, { type: "cancel", at: 0 }), initialTimerState);
  });

  it("calls 8 s and 12 s while inspecting or holding, nothing once the solve runs", () => {
    let state = run([
      ["press", 0],
      ["release", 1_000],
    ]);
    assert.equal(timerCall(state, 8_999), "");
    assert.equal(timerCall(state, 9_000), "8 s");
    state = run([["press", 12_500]], state);
    assert.equal(timerCall(state, 13_000), "12 s", "holding");
    state = run([["release", 13_000]], state);
    assert.equal(state.phase, "running");
    assert.equal(timerCall(state, 13_000), "");
    assert.equal(timerCall(initialTimerState, 9_000), "");
  });

  it("without inspection a press is the hold: no countdown, no call, no penalty", () => {
    const skip = { inspection: false };
    const runWithout = (events, from = initialTimerState) =>
      events.reduce((state, [type, at]) => timerStep(state, { type, at }, skip), from);
    let state = runWithout([["press", 0]]);
    assert.equal(state.phase, "holding");
    assert.equal(timerDisplay(state, 100), "0.00");
    assert.equal(timerCall(state, 20_000), "");
    state = runWithout([["tick", HOLD_MS]], state);
    assert.equal(state.phase, "ready");
    state = runWithout(
      [
        ["release", 20_000],
        ["press", 20_000 + 9_870],
      ],
      state,
    );
    assert.deepEqual(state.result, { ms: 9_870, penalty: "" }, "a long hold is no +2");
    state = runWithout([["release", 30_000]], state);
    assert.equal(state.phase, "idle");

    // A hold let go too soon: back to idle, the last result still shown.
    const early = runWithout(
      [
        ["press", 40_000],
        ["release", 40_000 + HOLD_MS - 1],
      ],
      state,
    );
    assert.deepEqual(early, { phase: "idle", result: { ms: 9_870, penalty: "" } });
    assert.equal(timerDisplay(early, 50_000), "9.87");
  });

  it("ignores events that do not apply", () => {
    assert.equal(timerStep(initialTimerState, { type: "release", at: 0 }), initialTimerState);
    assert.equal(timerStep(initialTimerState, { type: "tick", at: 0 }), initialTimerState);
  });
});

describe("session store without IndexedDB", () => {
  it("keeps the session in memory, per puzzle, and says so once", async () => {
    const fallbacks = [];
    const store = openSessionStore((error) => fallbacks.push(error));
    const at = Date.UTC(2026, 10, 28);
    const first = await store.add({
      puzzle: "cube3",
      ms: 12_000,
      penalty: "",
      scramble: "R",
      date: at,
    });
    await store.add({ puzzle: "pyraminx", ms: 5_000, penalty: "", scramble: "U", date: at });
    const third = await store.add({
      puzzle: "cube3",
      ms: 9_000,
      penalty: "",
      scramble: "F",
      date: at,
    });
    assert.equal(fallbacks.length, 1, "Node has no IndexedDB: one fallback");
    assert.deepEqual(
      (await store.list("cube3")).map((s) => [s.id, s.scramble]),
      [
        [first, "R"],
        [third, "F"],
      ],
    );
    await store.put({ ...(await store.list("cube3"))[0], penalty: "+2" });
    await store.remove(third);
    assert.deepEqual(
      (await store.list("cube3")).map((s) => [s.scramble, s.penalty]),
      [["R", "+2"]],
    );
    await store.clear("cube3");
    assert.deepEqual(await store.list("cube3"), []);
    assert.equal((await store.list("pyraminx")).length, 1, "another puzzle's session stays");
    assert.equal(fallbacks.length, 1);
  });
});
