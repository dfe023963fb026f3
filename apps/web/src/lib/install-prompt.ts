/*
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`). It can come before the
 * app's code has loaded (the entry waits for the first view), so the entry (main.tsx) captures it here,
 * without React; the Install button (lib/offline.ts, useInstallPrompt) reads it. Hidden where the
 * browser makes no offer (other browsers, already installed, not installable).
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Called once by the entry: keeps the offer (instead of the browser's own mini-infobar) until the button uses it. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasInstallOffer(): boolean {
  return offer !== null;
}

/** Shows the browser's install dialog (an offer is used once); true when the user installed. */
export async function acceptInstallOffer(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = null;
  changed();
  await current.prompt();
  return (await current.userChoice).outcome === 'accepted';
}
