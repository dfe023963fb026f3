import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  charCount,
  doNotTestFacts,
  examBank,
  examContentDoc,
  factSheet,
  parseFacts,
  sectionOf,
  type ExamQuestion,
  type LocalizedText,
} from './helpers/exam-bank';

/**
 * Content rules for the exam bank (packages/db/seed-data/exam-questions.json) from the outside review of
 * issue #34: the answer must not be guessable from the options' length or absolute words, one spelling of
 * each Russian place name and term, American "gray", and the reviewed questions say what the review asked.
 * The rules are explained in docs/exam-content.md ("The longest answer is not a hint", "Absolute words").
 */
type Lang = 'en' | 'ru';

const questions = examBank.questions;
const byId = (id: string) => questions.find((q) => q.id === id)!;
const correctOf = (q: ExamQuestion) => q.answers.find((a) => a.correct)!;

/**
 * Options within this many characters of each other look equally long: the correct answer "is the longest"
 * when no wrong option is longer than it by more than this (ties and near-ties count), unless all four
 * options are within it of one another (letters, numbers, directions: nothing stands out).
 */
const LENGTH_TOLERANCE = 2;
/** At most 15 % of the questions, in each language, may have the correct answer as (about) the longest. */
const MAX_CORRECT_IS_LONGEST_SHARE = 0.15;

function correctLooksLongest(q: Pick<ExamQuestion, 'answers'>, lang: Lang): boolean {
  const lengths = q.answers.map((a) => charCount(a[lang]));
  if (Math.max(...lengths) - Math.min(...lengths) <= LENGTH_TOLERANCE) return false;
  const correct = q.answers.find((a) => a.correct);
  if (!correct) return false;
  const longestWrong = Math.max(...q.answers.filter((a) => !a.correct).map((a) => charCount(a[lang])));
  return charCount(correct[lang]) >= longestWrong - LENGTH_TOLERANCE;
}

/** Absolute words that test-wise guessers learn to avoid ("only", "never", "always"). */
const ABSOLUTE: Record<Lang, RegExp> = {
  en: /\b(only|never|always)\b/i,
  ru: /(?<![а-яё])(только|никогда|всегда)(?![а-яё])/i,
};

/** Every localized text of a question, labelled for readable failure messages. */
function textsOf(q: ExamQuestion): { label: string; text: LocalizedText }[] {
  return [
    { label: `${q.id} question`, text: q.question },
    ...q.answers.map((a, i) => ({ label: `${q.id} answer ${i}`, text: a })),
    { label: `${q.id} explanation`, text: q.explanation },
  ];
}
const allRussian = questions.flatMap((q) => textsOf(q).map(({ label, text }) => ({ label, text: text.ru })));
const allEnglish = questions.flatMap((q) => textsOf(q).map(({ label, text }) => ({ label, text: text.en })));

/** The web app's Russian and English texts (the same place names are used there). */
const localeTexts = (lang: Lang) => {
  const dir = new URL(`../../web/src/locales/${lang}/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ label: `locales/${lang}/${f}`, text: readFileSync(new URL(f, dir), 'utf8') }));
};

describe('exam bank: the answer cannot be guessed from the options', () => {
  it('counts a near-tie as the longest, and ignores questions whose options are all about as long', () => {
    const q = (answers: string[]) => ({ answers: answers.map((en, i) => ({ en, ru: 'ё'.repeat(en.length), correct: i === 0 })) });
    expect(correctLooksLongest(q(['abcdefghij', 'abc', 'ab', 'a']), 'en')).toBe(true);
    expect(correctLooksLongest(q(['abcdefghij', 'abc', 'ab', 'a']), 'ru')).toBe(true);
    // Two characters shorter than the longest wrong option still looks as long.
    expect(correctLooksLongest(q(['abcdefgh', 'abcdefghij', 'ab', 'a']), 'en')).toBe(true);
    expect(correctLooksLongest(q(['abcdefg', 'abcdefghij', 'ab', 'a']), 'en')).toBe(false);
    // "Point A" … "Point D": nothing stands out.
    expect(correctLooksLongest(q(['Point A', 'Point B', 'Point C', 'Point D']), 'en')).toBe(false);
  });

  it('makes the correct answer (about) the longest option in at most 15 % of the questions, in each language', () => {
    const limit = Math.floor(MAX_CORRECT_IS_LONGEST_SHARE * questions.length);
    for (const lang of ['en', 'ru'] as const) {
      const longest = questions.filter((q) => correctLooksLongest(q, lang)).map((q) => q.id);
      expect(
        longest.length,
        `${lang}: the correct answer looks longest in ${longest.length} questions (limit ${limit}): ${longest.join(', ')}`,
      ).toBeLessThanOrEqual(limit);
    }
  });

  it('puts absolute words ("only", "never", "always") in wrong options no more often than in right ones', () => {
    for (const lang of ['en', 'ru'] as const) {
      const wrong = questions.flatMap((q) => q.answers.filter((a) => !a.correct && ABSOLUTE[lang].test(a[lang])).map(() => q.id));
      const right = questions.filter((q) => ABSOLUTE[lang].test(correctOf(q)[lang])).map((q) => q.id);
      expect(wrong.length, `${lang}: ${wrong.length} wrong options with absolute words (${wrong.join(', ')}), ${right.length} right ones`).toBeLessThanOrEqual(
        right.length,
      );
    }
  });
});

describe('exam bank: every correct answer rests on a verified fact', () => {
  const facts = parseFacts(factSheet);
  const doNotTest = doNotTestFacts(factSheet, examContentDoc);

  it('reads the fact sheet: numbered items, [R] without [I] is verified, and the do-not-test lists', () => {
    const sample = parseFacts('## 1. X\n5. A fact. [R] §80-06(a)\n28. Fines conflict. [I]\n51. Exempt. [R] quote — reconfirm [I]\nNot a fact.\n');
    expect([...sample.keys()]).toEqual([5, 28, 51]);
    expect([...sample.values()].map((f) => f.verified)).toEqual([true, false, false]);
    expect(sectionOf('# T\n## A\none\n### A1\ntwo\n## B\nthree', /^## A/)).toBe('one\n### A1\ntwo');
    expect([
      ...doNotTestFacts(
        '## Do not test without re-checking\nThe pass mark (#129).\n## 7. Pool\n#146',
        '## Deliberately left out\nq064 uses #81.\n- **Fines** (#28).\n## Map\n- #8',
      ),
    ]).toEqual([129, 28]);
    // The real documents: the sheet's known [I] items and the left-out list.
    expect(facts.get(28)?.verified).toBe(false);
    expect(facts.get(12)?.verified).toBe(true);
    expect([...doNotTest]).toEqual(expect.arrayContaining([28, 86, 129]));
  });

  it('names in every question the fact-sheet items its correct answer rests on, each verified ([R]) and none on the do-not-test lists', () => {
    for (const q of questions) {
      expect(Array.isArray(q.facts) && q.facts.length > 0, `${q.id} has no facts`).toBe(true);
      for (const n of q.facts ?? []) {
        expect(Number.isInteger(n), `${q.id}: fact ${n}`).toBe(true);
        const fact = facts.get(n);
        expect(fact, `${q.id}: fact #${n} is not in docs/tlc-facts.md`).toBeDefined();
        expect(fact?.verified, `${q.id}: fact #${n} is not marked [R] (or is marked [I]): ${fact?.text}`).toBe(true);
        expect(doNotTest.has(n), `${q.id}: fact #${n} is on a do-not-test list`).toBe(false);
      }
    }
  });
});

describe('exam bank: one spelling of each place and term', () => {
  const russian = [...allRussian, ...localeTexts('ru')];

  it('spells Верразано-Нарроуз, тоннель, боро, на Манхэттене, JFK, Уильямсбургский, Квинс and Стейтен-Айленд one way in Russian', () => {
    for (const { label, text } of russian) {
      for (const m of text.matchAll(/В[еэ]рр?а[зц]+ано[-– ]?[А-Яа-яЁё]*/g)) expect(m[0], label).toBe('Верразано-Нарроуз');
      expect(text, `${label}: «тоннель»`).not.toMatch(/туннел/i);
      for (const m of text.matchAll(/(?<![А-Яа-яЁё])[Бб]оро[А-Яа-яЁё]*/g)) expect(m[0].toLowerCase(), `${label}: «боро» does not decline`).toBe('боро');
      expect(text, `${label}: «на Манхэттене», «с Манхэттена»`).not.toMatch(/(?<![А-Яа-яЁё])(в|во|из) Манхэттен/);
      expect(text, `${label}: «Манхэттен»`).not.toMatch(/Манхеттен|Манхэтен/);
      expect(text, `${label}: «JFK»`).not.toMatch(/Кеннеди|ДжФК|Дж[эе]й[- ]?Эф[- ]?Кей/);
      expect(text, `${label}: «Уильямсбургский»`).not.toMatch(/Вильямсбург|Уилльямсбург/);
      expect(text, `${label}: «Квинс»`).not.toMatch(/Куинс(?!боро)/);
      expect(text, `${label}: «Стейтен-Айленд»`).not.toMatch(/Статен|Стэйтен|Стейтен Айленд/);
    }
  });

  it('writes American "gray", never "grey"', () => {
    for (const { label, text } of [...allEnglish, ...localeTexts('en')]) expect(text, label).not.toMatch(/\bgrey\b/i);
  });
});

describe('exam bank: the questions the outside review named', () => {
  it('q005 names JFK and LaGuardia, not "the airports"', () => {
    const a = correctOf(byId('q005'));
    expect(a.en).toMatch(/JFK and LaGuardia/);
    expect(a.en).not.toMatch(/the airports/);
    expect(a.ru).toMatch(/JFK и Ла-Гуарди/);
    expect(a.ru).not.toMatch(/в аэропортах/);
  });

  it('q054 starts in the Financial District and crosses by the Holland Tunnel (in Lower Manhattan)', () => {
    const q = byId('q054');
    expect(q.question.en).toMatch(/Financial District/);
    expect(q.question.ru).toMatch(/Финансов/);
    expect(q.explanation.en).toMatch(/Holland Tunnel/);
    expect(q.explanation.ru).toMatch(/тоннел\S* Холланда/);
    expect(q.explanation.en).not.toMatch(/Lincoln/);
    // The correct crossing leaves Manhattan at Canal Street (south of 40.73° N), not in Midtown.
    const label = /Crossing (\d)/.exec(correctOf(q).en)![1];
    const line = q.map!.lines!.find((l) => l.label === label)!;
    expect(Math.max(line.from[0], line.to[0])).toBeGreaterThan(-74.02);
    expect(Math.min(line.from[1], line.to[1])).toBeLessThan(40.73);
    expect(Math.max(line.from[1], line.to[1])).toBeLessThan(40.735);
  });

  it('q058 says the meter records even on the agreed flat fare', () => {
    const q = byId('q058');
    expect(correctOf(q).en).toMatch(/meter still records/);
    expect(correctOf(q).ru).toMatch(/счётчик всё равно/);
    expect(q.explanation.en).toMatch(/recording position/);
    expect(q.explanation.ru).toMatch(/счётчик/i);
  });

  it('q042 says the RFK Bridge also joins the Bronx and Queens', () => {
    const q = byId('q042');
    expect(q.explanation.en).toMatch(/RFK \(Triborough\) Bridge/);
    expect(q.explanation.ru).toMatch(/мост RFK/);
  });

  it('q064 tells the state surcharge from the 2025 MTA congestion toll, with the fact sheet figures', () => {
    const q = byId('q064');
    for (const lang of ['en', 'ru'] as const) {
      expect(q.question[lang]).toMatch(/2025/);
      expect(q.explanation[lang]).toMatch(/2025/);
      expect(q.explanation[lang]).toMatch(/\$0\.75/);
      expect(q.explanation[lang]).toMatch(/\$1\.50/);
    }
    expect(q.explanation.en).toMatch(/60th Street/);
    expect(q.explanation.ru).toMatch(/60-й улиц/);
  });

  it('q066 says Fifth Avenue divides East and West north of Washington Square', () => {
    const q = byId('q066');
    expect(q.question.en).toMatch(/North of Washington Square/);
    expect(q.question.ru).toMatch(/к северу от Вашингтон-сквер/);
    expect(correctOf(q).en).toBe('Fifth Avenue');
  });

  it('q056 allows crossing a bike lane only to turn, park or enter a driveway', () => {
    const q = byId('q056');
    const a = correctOf(q);
    expect(a.en).toMatch(/only to turn, park or enter a driveway/);
    expect(a.en).not.toMatch(/reach the curb/);
    expect(a.ru).toMatch(/только/);
    expect(a.ru).toMatch(/парковки или въезда во двор/);
    expect(a.ru).not.toMatch(/тротуар/);
    expect(q.explanation.en).toMatch(/only to turn, to park or to enter or leave a driveway/);
  });

  it('q020, q048 and q078 ask which lettered point a named place is (the map prints borough names and grays the land outside the city)', () => {
    const boroughs = /^(The Bronx|Brooklyn|Manhattan|Queens|Staten Island)$/;
    for (const q of questions.filter((q) => q.map)) {
      expect(correctOf(q).en, `${q.id}: a borough name is printed on the map`).not.toMatch(boroughs);
      expect(q.question.en, `${q.id}: the map grays the land outside the city`).not.toMatch(/outside New York City/);
    }
    for (const [id, place] of [
      ['q020', 'Citi Field'],
      ['q048', 'Newark Liberty Airport'],
      ['q078', 'Yankee Stadium'],
    ] as const) {
      const q = byId(id);
      expect(q.question.en, id).toMatch(new RegExp(`which lettered point is ${place}\\?$`));
      expect(correctOf(q).en, id).toMatch(/^Point [A-D]$/);
    }
  });

  it('has no tautologies left in the Russian the review flagged', () => {
    expect(byId('q050').question.ru).not.toMatch(/тариф.*по тарифу/);
    expect(byId('q076').question.ru).not.toMatch(/программе Critical Driver Program/);
    for (const { label, text } of allRussian) expect(text, label).not.toMatch(/платн\S* проезд/);
  });
});
