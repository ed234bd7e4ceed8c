/**
 * Runs `run` once the browser has an idle moment, or after `timeout` ms at the latest. React's
 * scheduler keeps the main thread busy while hydration has work left, so the moment comes after it.
 */
export function whenIdle(run: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout });
  else setTimeout(run, Math.min(timeout, 1000));
}
