import { EXAM_TOPICS, type ExamModesResponse, type ExamQuestion } from '@medallion/contracts/exam';
import { examLength } from '@medallion/contracts/exam-draw';
import type { DbExecutor } from '@medallion/db/client';
import { getExamSettings } from './exam-settings';

/**
 * GET /exam/modes (anyone): what the "Ways to practice" panel shows: the timed simulation's length and
 * question count (an exam drawn from the pool), and how many questions each topic has in the whole pool
 * (locked ones included).
 */
export async function getExamModes(db: DbExecutor, bank: readonly ExamQuestion[]): Promise<ExamModesResponse['data']> {
  const { timed_minutes } = await getExamSettings(db);
  const counts = new Map<string, number>();
  for (const q of bank) counts.set(q.topic, (counts.get(q.topic) ?? 0) + 1);
  return {
    timed_minutes,
    question_count: examLength(bank.length),
    topics: EXAM_TOPICS.map((topic) => ({ topic, count: counts.get(topic) ?? 0 })),
  };
}
