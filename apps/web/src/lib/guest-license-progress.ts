import {
  EARLIEST_DAY,
  fullProgress,
  isLicenseStep,
  isRealDay,
  MAX_PLACE_LENGTH,
  type Appointment,
  type StepProgress,
} from '@medallion/contracts/license-rules';

/*
 * A guest's license tracker, kept in this browser (localStorage) until they sign in: then the first read
 * of the tracker merges it into the account (lib/queries/license-tracker.ts) and it is removed here.
 */
const KEY = 'medallion.license-progress';

const isDay = (v: unknown): v is string => typeof v === 'string' && isRealDay(v) && v >= EARLIEST_DAY;

function appointmentOf(v: unknown): Appointment | null {
  if (!v || typeof v !== 'object') return null;
  const { date, time, place } = v as Record<string, unknown>;
  if (!isDay(date) || typeof time !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  return { date, time, place: typeof place === 'string' ? place.slice(0, MAX_PLACE_LENGTH) : '' };
}

/** A stored entry as the server's schema would take it (the merge checks it again), else null. */
function entryOf(v: unknown): StepProgress | null {
  if (!v || typeof v !== 'object') return null;
  const { step, done_on, appointment } = v as Record<string, unknown>;
  if (typeof step !== 'string' || !isLicenseStep(step)) return null;
  const entry = { step, done_on: isDay(done_on) ? done_on : null, appointment: appointmentOf(appointment) };
  return entry.done_on || entry.appointment ? entry : null;
}

/** The steps a guest marked (only valid entries; nothing when storage is off or holds something else). */
export function readGuestProgress(): StepProgress[] {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((v) => {
      const entry = entryOf(v);
      return entry ? [entry] : [];
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
