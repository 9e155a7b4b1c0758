// The page's EngineClient (web/src/engine/client.js) in Node, over a fake worker: sessions share
// one worker, and a session's cancel() rejects only its own calls while the others' are sent
// again to the fresh worker.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { EngineClient } from "../../web/src/engine/client.js";

/** Workers that record what they are sent and answer when told. */
function fakeWorkers() {
  const workers = [];
  class FakeWorker {
    sent = [];
    terminated = false;
    constructor() {
      workers.push(this);
    }
    postMessage(message) {
      this.sent.push(message);
    }
    terminate() {
      this.terminated = true;
    }
    /** Answers every call it was sent with {ok: true, method}. */
    answerAll() {
      for (const { id, method } of this.sent)
        this.onmessage({ data: { id, result: { ok: true, method } } });
    }
  }
  return { workers, createWorker: () => new FakeWorker() };
}

const outcome = (promise) =>
  promise.then(
    (result) => `resolved ${result.method}`,
    (err) => `${err.name}: ${err.message}`,
  );

describe("EngineClient sessions", () => {
  it("share one worker", async () => {
    const { workers, createWorker } = fakeWorkers();
    const client = new EngineClient({ createWorker });
    const [a, b] = [client.session(), client.session()];
    const calls = [outcome(a.version()), outcome(b.listPuzzles())];
    assert.equal(workers.length, 1);
    assert.deepEqual(
      workers[0].sent.map((m) => m.method),
      ["version", "listPuzzles"],
    );
    assert.equal(a.busy, true);
    workers[0].answerAll();
    assert.deepEqual(await Promise.all(calls), ["resolved version", "resolved listPuzzles"]);
    assert.equal(a.busy, false);
  });

  it("cancel only their own calls; the others are answered by the fresh worker", async () => {
    const { workers, createWorker } = fakeWorkers();
    const client = new EngineClient({ createWorker });
    const [a, b] = [client.session(), client.session()];
    const solving = outcome(a.solve("cube2", "x", null));
    const applying = outcome(b.applyMoves("cube2", "", "R"));
    a.cancel();
    assert.equal(await solving, "CancelledError: solve: cancelled");
    assert.equal(workers.length, 2);
    assert.equal(workers[0].terminated, true);
    assert.deepEqual(
      workers[1].sent.map((m) => [m.method, m.args]),
      [["applyMoves", ["cube2", "", "R"]]],
    );
    workers[1].answerAll();
    assert.equal(await applying, "resolved applyMoves");
  });

  it("go on in a fresh worker when the engine fails inside another's call", async () => {
    const { workers, createWorker } = fakeWorkers();
    const client = new EngineClient({ createWorker });
    const [a, b] = [client.session(), client.session()];
    const scrambling = outcome(a.scramble("cube3", 1));
    const applying = outcome(b.applyMoves("cube3", "", "R"));
    const failed = workers[0].sent[0];
    workers[0].onmessage({ data: { id: failed.id, error: "it broke", fatal: true } });
    assert.equal(await scrambling, "EngineError: scramble: it broke");
    assert.equal(workers[0].terminated, true);
    assert.deepEqual(
      workers[1].sent.map((m) => m.method),
      ["applyMoves"],
    );
    workers[1].answerAll();
    assert.equal(await applying, "resolved applyMoves");
    a.version();
    assert.equal(workers[1].sent.at(-1).method, "version", "a later call uses the fresh worker");
    assert.equal(workers.length, 2);
  });

  it("leave the worker alone when cancelling with nothing pending", () => {
    const { workers, createWorker } = fakeWorkers();
    const client = new EngineClient({ createWorker });
    const [a, b] = [client.session(), client.session()];
    b.version();
    a.cancel();
    assert.equal(workers.length, 1);
    assert.equal(workers[0].terminated, false);
  });

  it("are all cancelled by the client's own cancel()", async () => {
    const { workers, createWorker } = fakeWorkers();
    const client = new EngineClient({ createWorker });
    const calls = [client.session().version(), client.session().version()].map(outcome);
    client.cancel();
    assert.deepEqual(await Promise.all(calls), [
      "CancelledError: version: cancelled",
      "CancelledError: version: cancelled",
    ]);
    assert.equal(workers.length, 2);
  });
});
