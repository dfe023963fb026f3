import { PAGE_MODULES_ID } from '@medallion/contracts/site';

/** Longest wait for the first contentful paint (a tab opened in the background paints nothing). */
const MAX_WAIT_MS = 1500;

/**
 * Resolves when the app may start (decision 0013, amending 0006): once the page the server rendered has
 * had its first contentful paint, not at the load event. The page's own modules (named by the server
 * in `PAGE_MODULES_ID`) are preloaded at that moment, so they download in parallel and the app starts
 * with them in hand. By then the stylesheet and the font have arrived and the pictures in the HTML were
 * requested first, so the code never holds back the first view; it no longer waits for those pictures
 * to finish either (on a phone that was most of the time taps were lost). A page rendered in the
 * browser starts at once.
 */
export function afterFirstView(): Promise<void> {
  if (document.documentElement.dataset.ssr !== 'true') return Promise.resolve();
  return firstContentfulPaint().then(preloadPageModules);
}

/** The first contentful paint (Paint Timing), or two frames where the browser does not report it. */
function firstContentfulPaint(): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(done, MAX_WAIT_MS);
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(done));
    }
  });
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
