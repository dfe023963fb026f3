import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { examMapSchema } from '@medallion/contracts/exam-map';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { examBank } from './helpers/exam-bank';
import { buildTestApp } from './helpers/build-test-app';
import { signedInStaff } from './helpers/auth';

describe('exam questions carry their maps', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const { cookie: staff } = await signedInStaff(app, 'mapper@example.com', 'Mapper');
  const all = async () => (await app.inject({ method: 'GET', url: '/api/admin/exam/questions', headers: { cookie: staff } })).json().data as ExamQuestion[];

  it('answers map: null for the others and the seeded map for every map-reading question of the pool', async () => {
    const free = (await app.inject({ method: 'GET', url: '/api/exam/questions' })).json().data.data as ExamQuestion[];
    for (const q of free) expect(q.map, q.question_id).toBeNull();
    const withMap = (await all()).filter((q) => q.map !== null);
    const seededMaps = examBank.questions.filter((q) => q.map).map((q) => q.id);
    expect(seededMaps.length).toBeGreaterThanOrEqual(22);
    expect(withMap.map((q) => q.question_id)).toEqual(seededMaps);
    for (const q of withMap) expect(q.map, q.question_id).toEqual(examBank.questions.find((s) => s.id === q.question_id)!.map);
    for (const q of withMap) expect(examMapSchema.safeParse(q.map).success, q.question_id).toBe(true);
  });

  it('keeps the map when staff edit the texts without it, replaces or removes it when sent, refuses a bad one', async () => {
    const before = (await all()).find((q) => q.question_id === 'q008')!;
    const body = {
      topic: before.topic,
      question: { en: before.question, ru: before.question_rus },
      explanation: { en: before.explanation, ru: before.explanation_rus },
      source: before.source,
      answers: before.answers.map((a) => ({ en: a.answer, ru: a.answer_rus, correct: a.correct })),
    };
    const put = (payload: Record<string, unknown>) => app.inject({ method: 'PUT', url: '/api/admin/exam/questions/q008', headers: { cookie: staff }, payload });

    const kept = await put(body);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.map).toEqual(before.map);

    const moved = { ...before.map!, points: before.map!.points.map((p) => (p.label === 'A' ? { ...p, lon: -73.8 } : p)) };
    expect((await put({ ...body, map: moved })).json().data.map).toEqual(moved);

    for (const bad of [
      { ...moved, points: [...moved.points, moved.points[0]] },
      { ...moved, points: [{ label: 'A', lon: 2.35, lat: 48.85 }] },
      { ...moved, base: 'paris' },
    ]) {
      const res = await put({ ...body, map: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await all()).find((q) => q.question_id === 'q008')!.map).toEqual(moved);

    expect((await put({ ...body, map: null })).json().data.map).toBeNull();
    expect((await put({ ...body, map: before.map })).json().data.map).toEqual(before.map);
  });
});
