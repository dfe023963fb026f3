import { PAGE_MODULES_ID } from '@medallion/contracts/site';

/** Longest wait for the first painted frame (a tab opened in the background paints no frame). */
const MAX_WAIT_MS = 1000;

/**
 * Resolves when the app may start (decision 0013, amending 0006): once the page the server rendered has
 * painted its first view, not at the load event. The page's own modules (named by the server in
 * `PAGE_MODULES_ID`) are preloaded at that moment, so they download in parallel and the app starts
 * with them in hand. By the first paint the stylesheet and the font have arrived and the pictures on
 * screen are requested first, so the code does not hold back the first view; it no longer waits for
 * those pictures to finish either (on a phone that was most of the time taps were lost). A page
 * rendered in the browser starts at once.
 */
export function afterFirstView(): Promise<void> {
  if (document.documentElement.dataset.ssr !== 'true') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, MAX_WAIT_MS);
    // The frame after the next: the first view is on screen (a module script can run before it).
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        window.clearTimeout(timer);
        resolve();
      });
    });
  }).then(preloadPageModules);
}

function preloadPageModules() {
  const list = document.getElementById(PAGE_MODULES_ID)?.textContent;
  if (!list) return;
  let files: unknown;
  try {
    files = JSON.parse(list);
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string' || !href.startsWith('/') || href.startsWith('//')) continue;
    if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
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
