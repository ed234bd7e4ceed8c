/**
 * At most `limit` holders at once; the others wait, first come first served. `enter()` resolves
 * when it is the caller's turn; every `enter()` must be paired with one `leave()`.
 */
export function queueGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async enter(): Promise<void> {
      if (running < limit) {
        running += 1;
        return;
      }
      // The place is handed over by leave(): `running` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    leave(): void {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    },
    /** Holders now, and callers waiting. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
