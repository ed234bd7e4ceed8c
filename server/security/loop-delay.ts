import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How long a piece of work held the event loop (checklist 42): the largest delay of a timer that
 * fires every `resolutionMs`, measured while the work runs. Nothing else may run meanwhile, so a
 * test awaits its requests one at a time.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function loopDelayMonitor(resolutionMs = 10) {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  return {
    /** The work's value, and the longest the loop was held while it ran, in milliseconds. */
    async measure<T>(work: () => Promise<T>): Promise<{ value: T; heldMs: number }> {
      // reset() forgets the timer's last firing too, so the first firing after it records nothing:
      // one firing before the work, so that a block at its start is counted.
      histogram.reset();
      await sleep(resolutionMs + 2);
      const value = await work();
      // And one after it: a block at its very end is counted too.
      await sleep(resolutionMs + 2);
      // The monitor records the time between two firings: what is over its interval is how long the loop was held.
      return { value, heldMs: Math.max(0, histogram.max / 1e6 - resolutionMs) };
    },
    stop: () => histogram.disable(),
  };
}
