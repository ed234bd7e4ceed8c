import { performance } from 'node:perf_hooks';

/**
 * How long a piece of work held the event loop (checklist 42): a timer fires every `resolutionMs`
 * while the work runs; each interval between two firings is late by what it is over `resolutionMs`,
 * and held by this process by at most the CPU time the process spent in it. On the shared 2-core
 * machine another process (the other test worker, a build) takes the core from this one now and
 * then: the timer is late then without this process holding anything, and the CPU it spent in that
 * interval says so. The hold is the longest interval's lesser of the two. Nothing else may run
 * meanwhile, so a test awaits its requests one at a time.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function loopDelayMonitor(resolutionMs = 10) {
  let held = 0;
  let last: { at: number; cpu: NodeJS.CpuUsage } | undefined;
  const tick = () => {
    const now = { at: performance.now(), cpu: process.cpuUsage() };
    if (last) {
      const late = now.at - last.at - resolutionMs;
      const cpuMs = (now.cpu.user - last.cpu.user + now.cpu.system - last.cpu.system) / 1000;
      held = Math.max(held, Math.min(late, cpuMs));
    }
    last = now;
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    /** The work's value, and the longest the loop was held while it ran, in milliseconds. */
    async measure<T>(work: () => Promise<T>): Promise<{ value: T; heldMs: number }> {
      held = 0;
      last = undefined;
      timer = setInterval(tick, resolutionMs);
      // One firing before the work, so that a block at its start is counted…
      await sleep(resolutionMs + 2);
      try {
        const value = await work();
        // …and one after it: a block at its very end is counted too.
        await sleep(resolutionMs + 2);
        return { value, heldMs: Math.max(0, held) };
      } finally {
        clearInterval(timer);
      }
    },
    stop: () => clearInterval(timer),
  };
}
