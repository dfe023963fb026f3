import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStep, STEP_COUNT, type GuideStep as Step } from '@/features/guide/components/steps-guide';

const load = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${lng}/steps.json`, import.meta.url), 'utf8')) as {
    steps: Step[];
    faq: { q: string; a: string }[];
  };
const text = (s: Step) => [s.title, s.cost, s.time, ...s.paragraphs, ...s.checklist, s.tip].join(' ');

describe.each(['en', 'ru'])('license guide content (%s)', (lng) => {
  const guide = load(lng);

  it('has 8 steps and an FAQ', () => {
    expect(guide.steps).toHaveLength(STEP_COUNT);
    expect(guide.faq.length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    [1, ['$21–28']],
    [2, ['$60', '6', '3']],
    [3, ['90']],
    [4, ['$252', '19', '90', '20', 'LARS', 'TLC UP']],
    [5, ['$75', '$175']],
    [6, ['$32']],
    [7, ['$90', '15425Y']],
    [8, ['$50', '80']],
  ] as const)('step %i states the spec figures', (n, figures) => {
    const body = text(guide.steps[n - 1]!);
    for (const figure of figures) expect(body, `step ${n}: ${figure}`).toContain(figure);
  });

  it('puts the medical exam before the application (the form must be dated within 90 days before filing)', () => {
    const navs = guide.steps.map((s) => s.nav);
    const medical = navs.findIndex((n) => (lng === 'en' ? /medical/i : /медосмотр/i).test(n));
    const application = navs.findIndex((n) => /LARS/.test(n));
    expect(medical).toBe(2);
    expect(application).toBe(3);
    expect(text(guide.steps[application]!)).toMatch(lng === 'en' ? /medical form/i : /медицинская форма/i);
  });

  it('asks for a defensive driving course approved by both the DMV and TLC', () => {
    expect(guide.steps[1]!.paragraphs.join(' ')).toMatch(lng === 'en' ? /both the New York State DMV and TLC/ : /и DMV штата Нью-Йорк, и TLC/);
  });

  it('names the wheelchair training in step 5', () => {
    expect(text(guide.steps[4]!)).toMatch(lng === 'en' ? /wheelchair/i : /коляс/i);
  });
});

describe('parseStep', () => {
  it('reads ?step=N within 1..8', () => {
    expect(parseStep(null)).toBe(1);
    expect(parseStep('3')).toBe(3);
    expect(parseStep('0')).toBe(1);
    expect(parseStep('99')).toBe(8);
    expect(parseStep('abc')).toBe(1);
  });
});
