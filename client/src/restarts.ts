/**
 * Restarts of the server, one at a time, and a way to wait until none is pending.
 *
 * Changing the interpreter restarts the server; for the second or two that takes,
 * there is no client to talk to. Anything that needs the server (a command, a
 * settings or trust notification) waits for the restarts queued so far instead of
 * failing with "the server is not running" or being dropped.
 *
 * Pure: no `vscode` import, so the unit tests run it under plain Node.
 */

export class RestartQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  /** @param onError told of a task that failed; the queue goes on with the next. */
  constructor(private readonly onError: (error: unknown) => void) {}

  /** Whether a restart is queued or running. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Runs ``task`` after every task queued before it; resolves when it is done. */
  run(task: () => Promise<void>): Promise<void> {
    this.pending += 1;
    // Never leave the chain rejected: one failed start must not block every later restart.
    this.tail = this.tail
      .then(task)
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.pending -= 1;
      });
    return this.tail;
  }

  /**
   * Resolves true once no restart is queued or running (restarts queued while
   * waiting are waited for too), or false after ``timeoutMs``.
   */
  async settled(timeoutMs: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      while (this.pending > 0) {
        if ((await Promise.race([this.tail, timedOut])) === "timeout") {
          return false;
        }
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
}
