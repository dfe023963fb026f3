import { useEffect, useState, useSyncExternalStore } from 'react';
import { acceptInstallOffer, hasInstallOffer, subscribeInstallOffer } from './install-prompt';
import { SERVICE_WORKER_URL, type CacheExamReply, type PageToWorker } from './offline-protocol';

/*
 * The page's side of the offline exam (decision 0012): registers the service worker once the page is
 * idle, asks it to keep the exam for the signed-in user, says whether the browser is online, and keeps
 * the browser's install offer (beforeinstallprompt, captured by the entry: lib/install-prompt.ts).
 * Nothing here runs on import: the server renders with it too.
 */

/** How long the page waits for an idle moment before registering anyway. */
const IDLE_TIMEOUT_MS = 2000;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const start = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}

/**
 * Registers the worker (once per page): after the load event and an idle moment, so it never competes
 * with the first view. Null where the browser has no service workers (or refuses one: an insecure address).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registration ??= whenIdle()
    .then(() => navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }))
    .then(() => navigator.serviceWorker.ready)
    .catch((error: unknown) => {
      console.warn('The offline exam is not available: the service worker was not registered', error);
      return null;
    });
  return registration;
}

/** Sends a message to the active worker and waits for its answer on a channel of its own. */
function ask<T>(worker: ServiceWorker, message: PageToWorker): Promise<T> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<T>) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (true on the server and while hydrating: the server's markup). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export type OfflineExamState = { status: 'unknown' } | { status: 'ready'; questions: number } | { status: 'unavailable' };

/**
 * Keeps the exam offline for `user` (the session's user id, null for a guest; undefined while the
 * session is not known): registers the worker, then asks it to keep the page and the questions, again
 * whenever a new worker takes over. `ready` once they are kept.
 */
export function useOfflineExam(user: string | null | undefined): OfflineExamState {
  const [state, setState] = useState<OfflineExamState>({ status: 'unknown' });
  useEffect(() => {
    if (user === undefined) return;
    let live = true;
    const keep = async () => {
      const reg = await registerServiceWorker();
      const worker = reg?.active;
      if (!worker) {
        if (live) setState({ status: 'unavailable' });
        return;
      }
      const reply = await ask<CacheExamReply>(worker, { type: 'cache-exam', user });
      if (!live) return;
      // Offline (the page itself came from the worker's copy): what is kept is still there.
      if (reply.type === 'exam-cached') setState({ status: 'ready', questions: reply.questions });
      else if (reply.reason === 'offline' && navigator.serviceWorker.controller)
        setState((s) => (s.status === 'ready' ? s : { status: 'ready', questions: 0 }));
      else setState({ status: 'unavailable' });
    };
    void keep();
    const onChange = () => void keep();
    // A new worker taking over an open page (a new build or bank) keeps the exam again; the first
    // worker's taking over (this visit's registration) does not need it: `keep` above waits for it.
    let controlled = Boolean(navigator.serviceWorker?.controller);
    const onControllerChange = () => {
      if (controlled) onChange();
      controlled = true;
    };
    navigator.serviceWorker?.addEventListener('controllerchange', onControllerChange);
    window.addEventListener('online', onChange);
    return () => {
      live = false;
      navigator.serviceWorker?.removeEventListener('controllerchange', onControllerChange);
      window.removeEventListener('online', onChange);
    };
  }, [user]);
  return state;
}

/** Whether the browser offers to install the app now, and the Install button's action. */
export function useInstallOffer(): { available: boolean; install: () => Promise<boolean> } {
  const available = useSyncExternalStore(subscribeInstallOffer, hasInstallOffer, () => false);
  return { available, install: acceptInstallOffer };
}
