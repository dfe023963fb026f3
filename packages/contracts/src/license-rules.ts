import { SITE_TIME_ZONE } from './site';

/*
 * The license tracker's rules, free of zod so the web's tracker panel stays small (its schemas are in
 * license-tracker.ts, which re-exports these). The license tracker (/steps, issue #34): the 8 steps of the license guide, each marked done with its
 * day, the filing day (the TLC application) starting the 90-day countdown (fact sheet #123: the
 * 24-hour course and the exam within 90 days of filing), appointments with a .ics file, and e-mail
 * reminders. The rules below are shared by the server (which decides) and the web (guests' progress
 * in the browser, and instant feedback). See docs/license-tracker.md.
 */

/** The guide's steps in its order (locales/<lng>/steps.json `steps`). */
export const LICENSE_STEPS = ['class-e', 'defensive-driving', 'medical-exam', 'application', 'school', 'drug-test', 'fingerprints', 'tlc-exam'] as const;
export type LicenseStep = (typeof LICENSE_STEPS)[number];

/** Filing the TLC application in LARS: its day starts the countdown. */
export const FILING_STEP: LicenseStep = 'application';
/** Done before filing (the application asks for their papers): never after the filing day. */
export const BEFORE_FILING_STEPS: readonly LicenseStep[] = ['class-e', 'defensive-driving', 'medical-exam'];
/** Done after filing (the course, the exam, and what LARS asks for): never before the filing day. */
export const AFTER_FILING_STEPS: readonly LicenseStep[] = ['school', 'drug-test', 'fingerprints', 'tlc-exam'];
/** Steps done at a place and time (the others are done online, at one's own pace). */
export const APPOINTMENT_STEPS: readonly LicenseStep[] = ['class-e', 'medical-exam', 'school', 'drug-test', 'fingerprints', 'tlc-exam'];

/** Fact sheet #123: the course and the exam within 90 days of filing. */
export const LICENSE_DEADLINE_DAYS = 90;
/** Reminder e-mails this many days before the deadline (each once per filing day). */
export const DEADLINE_REMINDER_DAYS = [30, 14, 7, 2] as const;
/** A countdown with no step marked for this many days gets one "still on track?" e-mail. */
export const STALL_DAYS = 21;
/** The earliest day the tracker takes (LARS opened online applications in 2016; older days are typos). */
export const EARLIEST_DAY = '2000-01-01';
export const MAX_PLACE_LENGTH = 200;

export const stepIndex = (step: LicenseStep) => LICENSE_STEPS.indexOf(step);
export const isLicenseStep = (value: string): value is LicenseStep => (LICENSE_STEPS as readonly string[]).includes(value);

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The day in New York at an instant ("2026-11-28"). */
export function newYorkDay(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The last day to finish the course and the exam: 90 days after filing. */
export function licenseDeadline(filedOn: string): string {
  return addDays(filedOn, LICENSE_DEADLINE_DAYS);
}

/** An appointment: a day and a time in New York, and where. */
export interface Appointment {
  date: string;
  time: string;
  place: string;
}

export interface StepProgress {
  step: LicenseStep;
  done_on: string | null;
  appointment: Appointment | null;
}

/** A date rule broken by a step's done day (the key of the message catalogue and its params). */
export type DayProblem =
  | { step: LicenseStep; key: 'licenseTracker.dayInFuture'; params: { today: string } }
  | { step: LicenseStep; key: 'licenseTracker.beforeFiling'; params: { filed: string } }
  | { step: LicenseStep; key: 'licenseTracker.afterFiling'; params: { filed: string } }
  | { step: LicenseStep; key: 'licenseTracker.filingAfterStep'; params: { day: string } }
  | { step: LicenseStep; key: 'licenseTracker.filingBeforeStep'; params: { day: string } };

/**
 * The date rules of a whole progress, `today` being New York's day: no done day in the future; the
 * steps before filing not after the filing day; the steps after filing not before it. A problem is
 * named on the step that was changed (`changed`), so the message speaks of what the user just did.
 */
export function dayProblems(progress: readonly StepProgress[], today: string, changed?: LicenseStep): DayProblem[] {
  const problems: DayProblem[] = [];
  const filed = progress.find((p) => p.step === FILING_STEP)?.done_on ?? null;
  for (const p of progress) {
    if (!p.done_on) continue;
    if (p.done_on > today) problems.push({ step: p.step, key: 'licenseTracker.dayInFuture', params: { today } });
  }
  if (filed) {
    for (const p of progress) {
      if (!p.done_on) continue;
      const before = BEFORE_FILING_STEPS.includes(p.step) && p.done_on > filed;
      const after = AFTER_FILING_STEPS.includes(p.step) && p.done_on < filed;
      if (!before && !after) continue;
      if (changed === FILING_STEP) {
        problems.push(
          before
            ? { step: FILING_STEP, key: 'licenseTracker.filingBeforeStep', params: { day: p.done_on } }
            : { step: FILING_STEP, key: 'licenseTracker.filingAfterStep', params: { day: p.done_on } },
        );
      } else {
        problems.push(
          before
            ? { step: p.step, key: 'licenseTracker.afterFiling', params: { filed } }
            : { step: p.step, key: 'licenseTracker.beforeFiling', params: { filed } },
        );
      }
    }
  }
  return problems;
}

/** The countdown of a progress at `today`: null before filing. */
export function countdown(progress: readonly StepProgress[], today: string): { filed_on: string; deadline: string; days_left: number } | null {
  const filed = progress.find((p) => p.step === FILING_STEP)?.done_on;
  if (!filed) return null;
  const deadline = licenseDeadline(filed);
  return { filed_on: filed, deadline, days_left: daysBetween(today, deadline) };
}

/** Every step in the guide's order, with nothing marked where the progress has no entry. */
export function fullProgress(entries: readonly StepProgress[]): StepProgress[] {
  return LICENSE_STEPS.map((step) => entries.find((e) => e.step === step) ?? { step, done_on: null, appointment: null });
}

/** PUT /license-tracker/steps/{step}: a field left out is kept; null clears it. */
export interface LicenseStepChange {
  done_on?: string | null;
  appointment?: Appointment | null;
}

// ---- Calendar file (RFC 5545) ----

/** The instant of a New York wall-clock day and time. */
export function newYorkTimeToUtc(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: SITE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - instant;
  };
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess);
}

/** A TEXT value escaped (RFC 5545 3.3.11). */
export function icsEscape(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function icsFold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  const encoder = new TextEncoder();
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const icsInstant = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface CalendarEvent {
  uid: string;
  stamp: Date;
  appointment: Appointment;
  summary: string;
  description?: string;
  url?: string;
  /** Minutes (an hour unless told). */
  minutes?: number;
}

/** One appointment as a calendar file: a VCALENDAR with one VEVENT, times in UTC, CRLF lines. */
export function appointmentCalendar(event: CalendarEvent): string {
  const start = newYorkTimeToUtc(event.appointment.date, event.appointment.time);
  const end = new Date(start.getTime() + (event.minutes ?? 60) * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Medallion//License tracker//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsInstant(event.stamp)}`,
    `DTSTART:${icsInstant(start)}`,
    `DTEND:${icsInstant(end)}`,
    `SUMMARY:${icsEscape(event.summary)}`,
    ...(event.appointment.place ? [`LOCATION:${icsEscape(event.appointment.place)}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsEscape(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(icsFold).join('\r\n')}\r\n`;
}
