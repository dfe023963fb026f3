import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@medallion/contracts/site';
import { lazyNamed } from './lazy';
import { loadToasts, toastsWanted } from './toast';

const Toaster = lazyNamed(() => import('sonner'), 'Toaster');

/**
 * Until sonner is there, its (empty) notification area: the same polite live region with the same
 * name, so the frame has its toast area from the start.
 */
function EmptyToastArea() {
  return <section aria-label="Notifications alt+T" tabIndex={-1} aria-live="polite" aria-relevant="additions text" aria-atomic="false" />;
}

/**
 * Where the toasts sit: top-right (the spec), but below the sticky header (h-16, 4rem) and below the
 * top bar of the full-window photo viewer (its close button), so a toast never covers the header's
 * links and buttons (Sign Out, the cart) or the viewer's controls. On phones (sonner's layout below
 * 600 px) toasts span the width between the side offsets, so the same top offset keeps them clear.
 */
const TOAST_OFFSET = { top: 'calc(4rem + 16px)', right: 16 } as const;
const TOAST_MOBILE_OFFSET = { top: 'calc(4rem + 12px)', left: 12, right: 12 } as const;

/** The toast area (top-right, spec durations): sonner loads on the first pointer or key press, or with the first toast. */
export function AppToaster() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  useEffect(() => {
    if (wanted) return;
    const start = () => void loadToasts().catch(() => undefined);
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', start, options);
    window.addEventListener('keydown', start, options);
    return () => {
      window.removeEventListener('pointerdown', start, options);
      window.removeEventListener('keydown', start, options);
    };
  }, [wanted]);
  if (!wanted) return <EmptyToastArea />;
  return (
    <Suspense fallback={<EmptyToastArea />}>
      <Toaster position="top-right" offset={TOAST_OFFSET} mobileOffset={TOAST_MOBILE_OFFSET} duration={TOAST_DURATION_MS} richColors closeButton />
    </Suspense>
  );
}
