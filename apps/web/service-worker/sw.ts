/// <reference lib="webworker" />
/*
 * Medallion's service worker (issue #34, decision 0012): the practice exam works offline after one
 * online visit of /exam.
 *
 * - The app shell (every script, stylesheet, the Latin and Cyrillic font files, the icons and the
 *   manifest of this build) is kept at install, in a cache named by the build: the exam's chunks and
 *   its map data (the map's chunk) are among them.
 * - The exam (the /exam page as the server rendered it for the user, and GET /api/exam/questions: the
 *   questions that user may see) is kept when the page asks (`cache-exam`), in a cache named by the
 *   build, the bank's content hash and the user. The worker asks the server who is signed in before it
 *   keeps anything and refuses when that is not the page's user; there is at most one user's exam
 *   cache, and any change of who is signed in through this browser (a request to /api/auth/ other than
 *   a read, an account deletion) deletes it first. So a browser never serves
 *   one account's questions to another.
 * - Those two addresses are answered from the network and from the cache only when the network fails.
 *   No other API answer is kept or served by the worker.
 *
 * The server sends this script with `self.__EXAM_BANK__ = "<hash>"` in front
 * (apps/api/src/plugins/service-worker.ts): a change of the bank changes the script, the browser installs
 * the new worker, and its activation drops the caches of the old bank and the old build.
 */
import {
  EXAM_CACHE_PREFIX,
  OFFLINE_EXAM_PAGE,
  OFFLINE_EXAM_QUESTIONS,
  SHELL_CACHE_PREFIX,
  type CacheExamReply,
  type PageToWorker,
} from '../src/lib/offline-protocol';

declare const self: ServiceWorkerGlobalScope & { __EXAM_BANK__?: string };
/** Filled in by the build (apps/web/vite.config.ts, serviceWorker()): the files to keep, and their hash. */
declare const __PRECACHE__: string[];
declare const __BUILD__: string;

const BANK = typeof self.__EXAM_BANK__ === 'string' && /^[\w-]{1,64}$/.test(self.__EXAM_BANK__) ? self.__EXAM_BANK__ : 'none';
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__BUILD__}`;
const EXAM_CACHE_VERSION = `${EXAM_CACHE_PREFIX}${__BUILD__}-${BANK}-`;
const PRECACHED = new Set(__PRECACHE__);

/** Moved on by every forgetting: a keeping that started before it does not store the old user's exam. */
let generation = 0;

const examCacheName = (user: string | null) => `${EXAM_CACHE_VERSION}${user ?? 'guest'}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(__PRECACHE__);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        const ours = name.startsWith(SHELL_CACHE_PREFIX) || name.startsWith(EXAM_CACHE_PREFIX);
        if (ours && name !== SHELL_CACHE && !name.startsWith(EXAM_CACHE_VERSION)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Requests that change who is signed in in this browser: the kept exam is forgotten at once. */
function changesTheUser(request: Request, url: URL): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return (
    url.pathname.startsWith('/api/auth/') || url.pathname === '/api/account/email-restore' || (url.pathname === '/api/users' && request.method === 'DELETE')
  );
}

async function forgetUser(): Promise<void> {
  generation += 1;
  for (const name of await caches.keys()) if (name.startsWith(EXAM_CACHE_PREFIX)) await caches.delete(name);
}

/** The kept exam's answer for `path`, from the one exam cache of this version (there is at most one). */
async function fromExamCache(path: string): Promise<Response | undefined> {
  const name = (await caches.keys()).find((key) => key.startsWith(EXAM_CACHE_VERSION));
  if (!name) return undefined;
  return (await caches.open(name)).match(path);
}

/** The network's answer; the kept one only when the network cannot be reached. */
async function networkFirst(request: Request, path: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await fromExamCache(path);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request: Request, path: string): Promise<Response> {
  const kept = await caches.match(path, { cacheName: SHELL_CACHE });
  return kept ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (changesTheUser(request, url)) {
    // The request goes on to the network as it is; the kept exam is gone before its answer arrives.
    event.waitUntil(forgetUser());
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    if (url.pathname === OFFLINE_EXAM_PAGE || url.pathname === `${OFFLINE_EXAM_PAGE}/`) event.respondWith(networkFirst(request, OFFLINE_EXAM_PAGE));
    return;
  }
  if (url.pathname === OFFLINE_EXAM_QUESTIONS && url.search === '') {
    event.respondWith(networkFirst(request, OFFLINE_EXAM_QUESTIONS));
    return;
  }
  if (PRECACHED.has(url.pathname) && url.search === '') event.respondWith(cacheFirst(request, url.pathname));
});

/**
 * Keeps the exam for the page's user: asks the server who is signed in (the cookie the page and the
 * worker share), refuses when that is not the page's user, then fetches the page and the questions as
 * that user and stores them in the user's cache, after deleting any other exam cache.
 */
async function cacheExam(user: string | null): Promise<CacheExamReply> {
  const started = generation;
  try {
    const session = await fetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' });
    if (!session.ok) return { type: 'exam-not-cached', reason: 'failed' };
    const signedIn = ((await session.json()) as { user?: { id?: unknown } | null }).user?.id;
    if ((typeof signedIn === 'string' ? signedIn : null) !== user) return { type: 'exam-not-cached', reason: 'user-changed' };
    const [page, questions] = await Promise.all([
      fetch(OFFLINE_EXAM_PAGE, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } }),
      fetch(OFFLINE_EXAM_QUESTIONS, { credentials: 'same-origin', cache: 'no-store' }),
    ]);
    if (!page.ok || !questions.ok || page.redirected) return { type: 'exam-not-cached', reason: 'failed' };
    const count = ((await questions.clone().json()) as { data?: { data?: unknown[] } }).data?.data?.length ?? 0;
    if (started !== generation) return { type: 'exam-not-cached', reason: 'user-changed' };
    const name = examCacheName(user);
    for (const key of await caches.keys()) if (key.startsWith(EXAM_CACHE_PREFIX) && key !== name) await caches.delete(key);
    const cache = await caches.open(name);
    await Promise.all([cache.put(OFFLINE_EXAM_PAGE, page), cache.put(OFFLINE_EXAM_QUESTIONS, questions)]);
    // Signed out (or in as someone else) while this ran: what was just stored is the old user's.
    if (started !== generation) {
      await caches.delete(name);
      return { type: 'exam-not-cached', reason: 'user-changed' };
    }
    return { type: 'exam-cached', questions: count };
  } catch {
    return { type: 'exam-not-cached', reason: 'offline' };
  }
}

self.addEventListener('message', (event) => {
  const message = event.data as PageToWorker | null;
  const port = event.ports[0];
  if (!message || typeof message !== 'object') return;
  if (message.type === 'cache-exam') {
    const user = typeof message.user === 'string' ? message.user : null;
    event.waitUntil(cacheExam(user).then((reply) => port?.postMessage(reply)));
  }
});
