import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStep, STEP_COUNT, type FaqItem, type GuideStep as Step } from '@/features/guide/components/steps-guide';
import { GUIDE_SOURCES, type GuideFigure } from '@/features/guide/guide-sources';

const load = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${lng}/steps.json`, import.meta.url), 'utf8')) as {
    steps: Step[];
    faq: FaqItem[];
    totalText: string;
    totalFigures: GuideFigure[];
    sources: Record<string, string>;
    examCtaText: string;
  };
const text = (s: Step) => [s.title, s.cost, s.time, ...s.paragraphs, ...s.checklist, s.where, s.tip].join(' ');

/** The figures a text shows: amounts, counts, durations, codes ("$252", "90", "2–5", "15425Y"); not "step 8". Each is in a listed figure ("90 days"). */
function figuresIn(body: string): string[] {
  const withoutStepNumbers = body.replace(/(steps?|шаг\p{L}*)\s+\d+(\s*(to|–)\s*\d+)?/giu, '');
  return [...withoutStepNumbers.matchAll(/\$?\d[\d,.]*(?:–\d+)?[A-Z]?/g)].map((m) => m[0].replace(/[.,]$/, ''));
}

describe.each(['en', 'ru'])('license guide content (%s)', (lng) => {
  const guide = load(lng);

  it('has 8 steps and an FAQ', () => {
    expect(guide.steps).toHaveLength(STEP_COUNT);
    expect(guide.faq.length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    [1, []],
    [2, ['3']],
    [3, []],
    [4, ['$252', '19', '90', 'LARS', 'TLC UP']],
    [5, ['24', '90']],
    [6, ['$34']],
    [7, ['$90', '15425Y']],
    [8, ['80', '90']],
  ] as const)('step %i states the sourced figures', (n, figures) => {
    const body = text(guide.steps[n - 1]!);
    for (const figure of figures) expect(body, `step ${n}: ${figure}`).toContain(figure);
  });

  // Issue #30: every figure on /steps says where it comes from and when that was checked; none without a source.
  const shown = [
    ...guide.steps.map((s, i) => [`step ${i + 1}`, `${text(s)} ${i === STEP_COUNT - 1 ? guide.examCtaText : ''}`, s.figures] as const),
    ...guide.faq.map((f) => [`FAQ "${f.q}"`, `${f.q} ${f.a}`, f.figures] as const),
    ['total', guide.totalText, guide.totalFigures] as const,
  ];
  it.each(shown)('%s: every figure shown has a source and a checked date', (_, body, figures) => {
    const listed = figures.map((f) => f.value);
    for (const figure of figuresIn(body))
      expect(
        listed.some((value) => value.includes(figure)),
        `"${figure}" in: ${body}`,
      ).toBe(true);
    for (const f of figures) {
      expect(body, `listed but not shown: ${f.value}`).toContain(f.value);
      const source = GUIDE_SOURCES[f.source];
      expect(source?.url, f.source).toMatch(/^https:\/\//);
      expect(source?.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(guide.sources[f.source], `name of ${f.source}`).toBeTruthy();
    }
  });

  it('shows none of the figures the fact sheet does not source', () => {
    const all = [...guide.steps.map(text), guide.totalText, ...guide.faq.map((f) => f.a)].join(' ');
    for (const unsourced of ['$21', '$60', '$175', '$75', '$50', '$32', '$830', '$850']) expect(all).not.toContain(unsourced);
    expect(figuresIn(`${text(guide.steps[0]!)} ${text(guide.steps[1]!)}`)).not.toContain('6');
  });

  it('step 1 points to the questions where they are (step 8), and step 8 has that question', () => {
    const step1 = guide.steps[0]!.paragraphs.join(' ');
    expect(step1).not.toMatch(/bottom of this page|внизу страницы/);
    expect(step1).toMatch(lng === 'en' ? /questions on step 8/ : /частых вопросах на шаге 8/);
    const question = lng === 'en' ? 'My license is from another state' : 'У меня права из другого штата';
    expect(step1).toContain(question);
    expect(guide.faq.some((f) => f.q.startsWith(question))).toBe(true);
  });

  it('puts the medical exam before the application (the form must be dated within 90 days before filing)', () => {
    const navs = guide.steps.map((s) => s.nav);
    const medical = navs.findIndex((n) => (lng === 'en' ? /medical/i : /медосмотр/i).test(n));
    const application = navs.findIndex((n) => /LARS/.test(n));
    expect(medical).toBe(2);
    expect(application).toBe(3);
    expect(text(guide.steps[application]!)).toMatch(lng === 'en' ? /medical form/i : /медицинская форма/i);
  });

  it('asks for a DMV-certified defensive driving course', () => {
    expect(text(guide.steps[1]!)).toMatch(lng === 'en' ? /DMV-certified defensive driving course/ : /защитного вождения.*сертифицированн\S* DMV/);
    expect(text(guide.steps[1]!)).not.toMatch(/both the New York State DMV and TLC|и DMV штата Нью-Йорк, и TLC/);
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
