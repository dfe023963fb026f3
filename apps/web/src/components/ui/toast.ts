import type { ExternalToast, toast as SonnerToast } from 'sonner';

type Sonner = typeof SonnerToast;
type Message = Parameters<Sonner['success']>[0];

/*
 * Toasts (sonner, about 9 KiB gzipped) are only ever shown after something happened, so sonner is not
 * part of any page's first load: it loads on the visitor's first pointer or key press (<AppToaster>),
 * or when a toast is asked for before that. Toasts asked for while it loads are shown once it is there,
 * in order (sonner replays the active ones to its <Toaster> when that mounts).
 */
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** Starts loading sonner (once; again after a failure) and lets <AppToaster> mount sonner's <Toaster>. */
export function loadToasts(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  loading ??= import('sonner').then(
    (module) => (sonner = module.toast),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** For useSyncExternalStore in <AppToaster>: whether sonner's <Toaster> should be there. */
export const toastsWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

function show(call: (toast: Sonner) => void) {
  if (sonner) call(sonner);
  else loadToasts().then(call, (error: unknown) => console.warn('The notifications could not be loaded', error));
}

/** sonner's toast(), toast.success(), toast.error() and toast.info(), without loading sonner up front. */
export const toast = Object.assign((message: Message, data?: ExternalToast) => show((t) => t(message, data)), {
  success: (message: Message, data?: ExternalToast) => show((t) => t.success(message, data)),
  error: (message: Message, data?: ExternalToast) => show((t) => t.error(message, data)),
  info: (message: Message, data?: ExternalToast) => show((t) => t.info(message, data)),
});
