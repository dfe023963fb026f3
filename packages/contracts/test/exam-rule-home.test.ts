import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The pass rule (above 60 of 80) and the question count have one home: packages/contracts
 * (exam-constants.ts: EXAM_QUESTION_COUNT, EXAM_PASS_ABOVE, EXAM_PASS_RATE, passesExam). This fails if
 * exam code types them again as numbers (a comparison with 60, 61 or 80, a division by 80, `?? 80`, a
 * constant set to 80) or writes the rule again (a comparison with EXAM_PASS_ABOVE instead of passesExam).
 */
const ROOT = join(import.meta.dirname, '../../..');
const PLACES = ['apps/api/src/modules/exam', 'apps/web/src/features/exam', 'apps/web/src/features/dashboard', 'apps/web/src/lib/queries/exam.ts'];
const TYPED_AGAIN = [
  /[<>]=?\s*(?:60|61|80)\b/,
  /\b(?:60|61|80)\s*[<>]=?(?!>)/,
  /\/\s*80\b/,
  /\?\?\s*80\b/,
  /=\s*80\s*;/,
  /0\.7625/,
  /[<>]=?\s*EXAM_PASS_ABOVE\b/,
];

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(full, f));
}

describe('the exam rule home', () => {
  it('no exam code types the pass mark or the question count as a number', () => {
    const found: string[] = [];
    for (const file of PLACES.flatMap(files)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
          if (TYPED_AGAIN.some((re) => re.test(code))) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
