/** Longest wait for the first painted frame (a tab opened in the background paints no frame). */
const MAX_WAIT_MS = 1000;

/**
 * Resolves when the app may start (decision 0013, amending 0006). A page the server rendered preloads
 * its modules from its HTML with a low priority (`<link rel="modulepreload" fetchpriority="low">`,
 * apps/api/src/plugins/web-render.ts), so they download while the first view arrives; the app only
 * waits for that first view to be painted, so that running its code never holds back the first
 * paint, and then hydrates (app/start.tsx, in slices that leave the main thread free between them).
 * It no longer waits for the load event: on a phone that was the pictures' time, and taps were lost
 * meanwhile. A page rendered in the browser starts at once.
 */
export function afterFirstView(): Promise<void> {
  if (document.documentElement.dataset.ssr !== 'true') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, MAX_WAIT_MS);
    // The frame after the next: the first view is on screen (a module script can run before it).
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        window.clearTimeout(timer);
        resolve();
      });
    });
  });
}

/**
 * Gives the main thread back (input, paints) before the next slice of start-up work: a task of its own
 * rather than a long one. `scheduler.yield()` where the browser has it (it keeps this work ahead of
 * other tasks), else a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}
