// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearGuestProgress, readGuestProgress, writeGuestProgress } from '@/lib/guest-license-progress';

describe("a guest's license progress in the browser", () => {
  afterEach(() => window.localStorage.clear());

  it('keeps the marked steps and reads them back', () => {
    writeGuestProgress([
      { step: 'class-e', done_on: '2026-11-01', appointment: null },
      { step: 'drug-test', done_on: null, appointment: { date: '2026-12-01', time: '10:15', place: 'LabCorp' } },
      { step: 'school', done_on: null, appointment: null },
    ]);
    expect(readGuestProgress()).toEqual([
      { step: 'class-e', done_on: '2026-11-01', appointment: null },
      { step: 'drug-test', done_on: null, appointment: { date: '2026-12-01', time: '10:15', place: 'LabCorp' } },
    ]);
    clearGuestProgress();
    expect(readGuestProgress()).toEqual([]);
  });

  it('leaves out what the server would refuse (hand-edited storage)', () => {
    window.localStorage.setItem(
      'medallion.license-progress',
      JSON.stringify([
        { step: 'nope', done_on: '2026-11-01' },
        { step: 'class-e', done_on: '2026-02-30' },
        { step: 'medical-exam', done_on: '2026-11-02', appointment: { date: '2026-11-05', time: '25:00' } },
        'text',
      ]),
    );
    expect(readGuestProgress()).toEqual([{ step: 'medical-exam', done_on: '2026-11-02', appointment: null }]);
    window.localStorage.setItem('medallion.license-progress', '{not json');
    expect(readGuestProgress()).toEqual([]);
  });
});
