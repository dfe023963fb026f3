// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_QUEUE_KEY, enqueueAnswer, flushAnswers, readQueue, type SendAnswers } from '@/features/exam/lib/answer-queue';

const offline = Object.assign(new TypeError('Failed to fetch'), {});
const refused = Object.assign(new Error('refused'), { final: true });
const isFinal = (error: unknown) => (error as { final?: boolean }).final === true;

afterEach(() => window.localStorage.clear());

describe('the offline answer queue (issue #34)', () => {
  it('keeps answers while sends fail, then sends each once with its key', async () => {
    const a = enqueueAnswer({ user: 'u1', mode: 'exam', question_id: 'q001', answer_id: 'a1' });
    const b = enqueueAnswer({ user: 'u1', mode: 'exam', question_id: 'q002', answer_id: 'a2' });
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.key).not.toBe(b.key);
    const failing: SendAnswers = () => Promise.reject(offline);
    expect(await flushAnswers('u1', failing, isFinal)).toBe(0);
    expect(readQueue()).toHaveLength(2);

    const sent: unknown[] = [];
    const ok: SendAnswers = async (mode, answers) => void sent.push({ mode, answers });
    expect(await flushAnswers('u1', ok, isFinal)).toBe(2);
    expect(sent).toEqual([
      {
        mode: 'exam',
        answers: [
          { question_id: 'q001', answer_id: 'a1', key: a.key },
          { question_id: 'q002', answer_id: 'a2', key: b.key },
        ],
      },
    ]);
    expect(window.localStorage.getItem(ANSWER_QUEUE_KEY)).toBeNull();
  });

  it("never sends another user's answers, and drops answers the server refuses for good", async () => {
    enqueueAnswer({ user: 'someone-else', mode: 'exam', question_id: 'q001', answer_id: 'a1' });
    enqueueAnswer({ user: 'u1', mode: 'topic', question_id: 'q003', answer_id: 'a3' });
    const seen: string[] = [];
    const refuse: SendAnswers = async (_mode, answers) => {
      seen.push(...answers.map((x) => x.question_id));
      throw refused;
    };
    expect(await flushAnswers('u1', refuse, isFinal)).toBe(1);
    expect(seen).toEqual(['q003']);
    expect(readQueue().map((x) => x.user)).toEqual(['someone-else']);
  });

  it('runs one flush at a time in a tab: two at once send each answer once', async () => {
    enqueueAnswer({ user: 'u1', mode: 'exam', question_id: 'q001', answer_id: 'a1' });
    const keys: string[] = [];
    const slow: SendAnswers = async (_mode, answers) => {
      keys.push(...answers.map((x) => x.key));
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const [first, second] = await Promise.all([flushAnswers('u1', slow, isFinal), flushAnswers('u1', slow, isFinal)]);
    expect(first + second).toBe(1);
    expect(keys).toHaveLength(1);
  });

  it('reads a damaged queue as empty and leaves out malformed entries', () => {
    window.localStorage.setItem(ANSWER_QUEUE_KEY, '{not json');
    expect(readQueue()).toEqual([]);
    window.localStorage.setItem(ANSWER_QUEUE_KEY, JSON.stringify([{ key: 'x', user: 'u1', mode: 'exam', question_id: 'q1', answer_id: 'a' }, 42]));
    expect(readQueue()).toEqual([]);
  });
});
