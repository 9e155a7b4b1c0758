// Runs a player's state-changing actions one after another (a key press during an animation waits
// for it), and says whether anything is queued or running.

/** @param {{onChange?: (busy: boolean) => void}} options  told whenever busy flips */
export function createTaskQueue({ onChange = () => {} } = {}) {
  let tail = Promise.resolve();
  let pending = 0;

  const settle = () => {
    pending--;
    if (pending === 0) onChange(false);
  };

  /** Queues `task` (an async function); resolves or rejects as it does. */
  function run(task) {
    pending++;
    if (pending === 1) onChange(true);
    const result = tail.then(() => task());
    tail = result.then(settle, settle);
    return result;
  }

  return {
    run,
    /** How many tasks are queued or running. */
    get pending() {
      return pending;
    },
  };
}
