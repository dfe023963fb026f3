import { PAGE_MODULES_ID } from '@medallion/contracts/site';

/** Longest wait for the first view before the app starts anyway (a slow picture must not hold it). */
const MAX_WAIT_MS = 3000;

/**
 * Resolves when the app's code may start loading. A page the server rendered is readable before its
 * JavaScript, so on a phone's network the code waits until the first view has arrived (the window's
 * load event: the stylesheet, the font and the pictures on screen, then a painted frame) rather
 * than sharing the bandwidth with them, and at most MAX_WAIT_MS. Meanwhile the page's own modules (named by the server) are
 * preloaded, so the app starts with them in hand. A page rendered in the browser starts at once.
 */
export function afterFirstView(): Promise<void> {
  if (document.documentElement.dataset.ssr !== 'true') return Promise.resolve();
  const ready =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          window.addEventListener('load', () => resolve(), { once: true });
          window.setTimeout(resolve, MAX_WAIT_MS);
        });
  return ready.then(afterNextPaint).then(preloadPageModules);
}

/** After the next frame is on screen (the load event can come before the first paint). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      requestAnimationFrame(() => window.setTimeout(resolve, 0));
    });
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
