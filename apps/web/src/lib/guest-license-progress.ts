import { fullProgress, stepProgressSchema, type StepProgress } from '@medallion/contracts/license-tracker';

/*
 * A guest's license tracker, kept in this browser (localStorage) until they sign in: then the first read
 * of the tracker merges it into the account (lib/queries/license-tracker.ts) and it is removed here.
 */
const KEY = 'medallion.license-progress';

/** The steps a guest marked (only valid entries; nothing when storage is off or holds something else). */
export function readGuestProgress(): StepProgress[] {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry) => {
      const ok = stepProgressSchema.safeParse(entry);
      return ok.success && (ok.data.done_on || ok.data.appointment) ? [ok.data] : [];
    });
  } catch {
    return [];
  }
}

export function writeGuestProgress(progress: readonly StepProgress[]): void {
  const kept = fullProgress(progress).filter((p) => p.done_on || p.appointment);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage off or full: the progress lasts as long as the page.
  }
}

export function clearGuestProgress(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
