import type { ExamTopic } from '@medallion/contracts/exam-constants';
import type { Database } from '@medallion/db/client';
import { examAnswers, examQuestions } from '@medallion/db/schema';
import { readQuestionBank } from '../../src/modules/exam/seed-exam-questions';

/** The pool issue #34 asks for (2.5× each topic's weight; pool-design.md): 200 questions, 22 of them map-reading. */
export const POOL_200: Record<ExamTopic, number> = { rules: 70, safety: 35, geography: 35, 'for-hire': 30, 'customer-service': 20, trafficking: 10 };
export const POOL_200_MAPS = 22;

/**
 * A test pool of fixture questions (ids f001…, positions 1…, each with four answers, the first right),
 * loaded straight into an empty bank: the draw's tests do not wait for the real q081–q200. The first five
 * are like today's free preview (a map-reading geography question, then rules, safety, customer service,
 * for-hire); map-reading questions carry the map of the real bank's first one.
 */
export async function seedFixturePool(db: Database, counts: Record<ExamTopic, number> = POOL_200, maps = POOL_200_MAPS): Promise<void> {
  const map = readQuestionBank().questions.find((q) => q.map)!.map!;
  const kinds: Array<{ topic: ExamTopic; map: boolean }> = [
    { topic: 'geography', map: true },
    { topic: 'rules', map: false },
    { topic: 'safety', map: false },
    { topic: 'customer-service', map: false },
    { topic: 'for-hire', map: false },
  ];
  const left = { ...counts };
  let mapsLeft = maps - 1;
  for (const k of kinds) left[k.topic] -= 1;
  // Topics take turns, so the pool's order says nothing about them.
  while (Object.values(left).some((n) => n > 0)) {
    for (const topic of Object.keys(left) as ExamTopic[]) {
      if (left[topic] === 0) continue;
      left[topic] -= 1;
      const isMap = topic === 'geography' && mapsLeft > 0;
      if (isMap) mapsLeft -= 1;
      kinds.push({ topic, map: isMap });
    }
  }
  const rows = kinds.map((k, i) => ({
    id: `f${String(i + 1).padStart(3, '0')}`,
    position: i + 1,
    topic: k.topic,
    map: k.map ? map : null,
    questionEn: `Fixture question ${i + 1} (${k.topic})?`,
    questionRu: `Вопрос ${i + 1}?`,
    explanationEn: 'Fixture.',
    explanationRu: 'Фикстура.',
    source: 'test fixture',
  }));
  await db.insert(examQuestions).values(rows);
  await db.insert(examAnswers).values(
    rows.flatMap((q) =>
      [0, 1, 2, 3].map((position) => ({
        questionId: q.id,
        position,
        textEn: `Answer ${position + 1}`,
        textRu: `Ответ ${position + 1}`,
        correct: position === 0,
      })),
    ),
  );
}
