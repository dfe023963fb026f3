import { describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentCalendar,
  countdown,
  dayProblems,
  fullProgress,
  icsEscape,
  icsFold,
  newYorkDay,
  newYorkTimeToUtc,
  type StepProgress,
} from '../src/license-rules';

const progress = (days: Partial<Record<StepProgress['step'], string>>) =>
  fullProgress(Object.entries(days).map(([step, done_on]) => ({ step, done_on, appointment: null }) as StepProgress));

describe('license tracker rules', () => {
  it('counts 90 days from filing in New York days', () => {
    expect(countdown(progress({ application: '2026-11-01' }), '2026-11-28')).toEqual({ filed_on: '2026-11-01', deadline: '2027-01-30', days_left: 63 });
    expect(countdown(progress({ 'class-e': '2026-11-01' }), '2026-11-28')).toBeNull();
    // 04:30 UTC on Nov 29 is still Nov 28 in New York.
    expect(newYorkDay(new Date('2026-11-29T04:30:00Z'))).toBe('2026-11-28');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('finds the broken date rule, named on the step that changed', () => {
    const today = '2026-11-28';
    expect(dayProblems(progress({ 'class-e': '2026-11-29' }), today)).toEqual([{ step: 'class-e', key: 'licenseTracker.dayInFuture', params: { today } }]);
    expect(dayProblems(progress({ application: '2026-11-10', 'tlc-exam': '2026-11-09' }), today, 'tlc-exam')).toEqual([
      { step: 'tlc-exam', key: 'licenseTracker.beforeFiling', params: { filed: '2026-11-10' } },
    ]);
    expect(dayProblems(progress({ application: '2026-11-10', 'medical-exam': '2026-11-11' }), today, 'application')).toEqual([
      { step: 'application', key: 'licenseTracker.filingBeforeStep', params: { day: '2026-11-11' } },
    ]);
    expect(dayProblems(progress({ application: '2026-11-10', 'medical-exam': '2026-11-10', school: '2026-11-10' }), today)).toEqual([]);
  });

  it('turns a New York time into UTC on both sides of daylight saving time', () => {
    expect(newYorkTimeToUtc('2027-01-15', '09:30').toISOString()).toBe('2027-01-15T14:30:00.000Z');
    expect(newYorkTimeToUtc('2027-07-15', '09:30').toISOString()).toBe('2027-07-15T13:30:00.000Z');
    expect(newYorkTimeToUtc('2026-11-01', '12:00').toISOString()).toBe('2026-11-01T17:00:00.000Z');
  });

  it('escapes and folds calendar lines at 75 octets without splitting a character', () => {
    expect(icsEscape('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const folded = icsFold(`LOCATION:${'Квинс, '.repeat(20)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`LOCATION:${'Квинс, '.repeat(20)}`);
    const ics = appointmentCalendar({
      uid: 'u@medallion',
      stamp: new Date('2026-11-28T12:00:00Z'),
      appointment: { date: '2027-01-15', time: '09:30', place: 'IdentoGO' },
      summary: 'TLC: Fingerprints',
    });
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(ics).toContain('\r\nDTSTAMP:20261128T120000Z\r\nDTSTART:20270115T143000Z\r\nDTEND:20270115T153000Z\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
