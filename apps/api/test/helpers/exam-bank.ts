import { readFileSync } from 'node:fs';

/** Shape of packages/db/seed-data/exam-questions.json (the seed for the practice exam), for the content tests. */
export interface LocalizedText {
  en: string;
  ru: string;
}
export interface ExamAnswer extends LocalizedText {
  correct: boolean;
}
export interface MapPoint {
  label: string;
  lon: number;
  lat: number;
}
export interface MapLine {
  label: string;
  from: [number, number];
  to: [number, number];
}
export interface ExamQuestion {
  id: string;
  topic: string;
  question: LocalizedText;
  answers: ExamAnswer[];
  explanation: LocalizedText;
  source: string;
  /** Map-reading questions only: the map shown with the question (shape: examMapSchema). */
  map?: { points: MapPoint[]; lines?: MapLine[] };
  /** Seed-only: the numbered items of docs/tlc-facts.md the correct answer rests on. */
  facts?: number[];
  /** Seed-only: the subjects of issue #34 the question covers (EXAM_SUBJECTS). */
  subjects?: string[];
}
export interface ExamQuestionBank {
  version: number;
  questions: ExamQuestion[];
}

/** The bank as the repo holds it. */
export const examBank = JSON.parse(readFileSync(new URL('../../../../packages/db/seed-data/exam-questions.json', import.meta.url), 'utf8')) as ExamQuestionBank;

/** Length in characters (code points), as a reader sees it. */
export const charCount = (text: string) => [...text].length;

/** The subjects issue #34 names; each must be covered by at least 3 questions of the pool. */
export const EXAM_SUBJECTS = [
  'inspection',
  'insurance',
  'accessibility',
  'fares-receipts',
  'airports',
  'smoking',
  'idling',
  'taxi-stands',
  'change-of-address',
  'discrimination',
] as const;

/** A numbered item of docs/tlc-facts.md: its number, its text, and whether a question may rest on it. */
export interface FactItem {
  n: number;
  text: string;
  /** Read in its source ([R]) and nowhere marked unverified ([I]). */
  verified: boolean;
}

const readDoc = (name: string) => readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), 'utf8');

/** The text of the section that starts with this heading, up to the next heading of the same or a higher level. */
export function sectionOf(markdown: string, heading: RegExp): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return '';
  const level = /^#+/.exec(lines[start]!)?.[0].length ?? 2;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The numbered facts of a fact sheet ("146. text [R] source"), by number. */
export function parseFacts(markdown: string): Map<number, FactItem> {
  const facts = new Map<number, FactItem>();
  for (const m of markdown.matchAll(/^(\d+)\. (.+)$/gm)) {
    const text = m[2]!;
    facts.set(Number(m[1]), { n: Number(m[1]), text, verified: text.includes('[R]') && !text.includes('[I]') });
  }
  return facts;
}

/** The fact sheet in the repo (docs/tlc-facts.md), the source of every correct answer. */
export const factSheet = readDoc('tlc-facts.md');
export const examContentDoc = readDoc('exam-content.md');

/**
 * Fact numbers no question may rest on: those named in the fact sheet's "Do not test without re-checking" section
 * and in the list of exam-content.md's "Deliberately left out" (its bullets; the paragraph on q064's toll is an
 * explanation, not an answer).
 */
export function doNotTestFacts(facts: string, contentDoc: string): Set<number> {
  const numbers = (text: string) => [...text.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
  const leftOut = sectionOf(contentDoc, /^## Deliberately left out/)
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .join('\n');
  return new Set([...numbers(sectionOf(facts, /^## Do not test without re-checking/)), ...numbers(leftOut)]);
}
