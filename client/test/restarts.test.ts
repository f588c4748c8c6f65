import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RestartQueue } from "../src/restarts";

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe("RestartQueue", () => {
  it("runs restarts one at a time, in order", async () => {
    const queue = new RestartQueue(() => undefined);
    const order: string[] = [];
    const first = deferred();
    void queue.run(async () => {
      order.push("first started");
      await first.promise;
      order.push("first done");
    });
    const second = queue.run(async () => {
      order.push("second started");
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ["first started"]);
    first.resolve();
    await second;
    assert.deepEqual(order, ["first started", "first done", "second started"]);
  });

  it("lets a caller wait for a restart in progress instead of finding no server", async () => {
    const queue = new RestartQueue(() => undefined);
    let serverRunning = false;
    const start = deferred();
    void queue.run(async () => {
      serverRunning = false; // stopped
      await start.promise;
      serverRunning = true; // started
    });
    assert.equal(queue.busy, true);
    const waited = queue.settled(5000).then((settled) => ({ settled, serverRunning }));
    setTimeout(() => start.resolve(), 20);
    assert.deepEqual(await waited, { settled: true, serverRunning: true });
    assert.equal(queue.busy, false);
  });

  it("waits for a restart queued while it waited", async () => {
    const queue = new RestartQueue(() => undefined);
    const order: string[] = [];
    const first = deferred();
    void queue.run(async () => {
      await first.promise;
      order.push("first");
      void queue.run(async () => {
        order.push("second");
      });
    });
    const waited = queue.settled(5000);
    first.resolve();
    assert.equal(await waited, true);
    assert.deepEqual(order, ["first", "second"]);
  });

  it("says when the wait timed out, and goes on after a failed restart", async () => {
    const errors: unknown[] = [];
    const queue = new RestartQueue((error) => errors.push(error));
    const stuck = deferred();
    void queue.run(() => stuck.promise);
    assert.equal(await queue.settled(30), false);
    stuck.reject(new Error("the server did not start"));
    assert.equal(await queue.settled(5000), true);
    assert.deepEqual(errors.map((error) => (error as Error).message), ["the server did not start"]);
    let ran = false;
    await queue.run(async () => {
      ran = true;
    });
    assert.equal(ran, true);
  });

  it("is settled at once when nothing is queued", async () => {
    assert.equal(await new RestartQueue(() => undefined).settled(0), true);
  });
});
