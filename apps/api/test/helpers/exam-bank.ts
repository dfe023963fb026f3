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
}
export interface ExamQuestionBank {
  version: number;
  questions: ExamQuestion[];
}

/** The bank as the repo holds it. */
export const examBank = JSON.parse(readFileSync(new URL('../../../../packages/db/seed-data/exam-questions.json', import.meta.url), 'utf8')) as ExamQuestionBank;

/** Length in characters (code points), as a reader sees it. */
export const charCount = (text: string) => [...text].length;
