// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ATTEMPT_QUEUE_KEY, enqueueAttempt, flushAttempts, readAttempts, removeQueuedAttempt, type SendAttempt } from '@/features/exam/lib/attempt-queue';

const offline = new TypeError('Failed to fetch');
const refused = Object.assign(new Error('refused'), { final: true });
const isFinal = (error: unknown) => (error as { final?: boolean }).final === true;
const sheet = [
  { question_id: 'q001', answer_id: 'a1' },
  { question_id: 'q002', answer_id: 'a2' },
];

afterEach(() => window.localStorage.clear());

describe('the offline attempt queue (an exam finished offline)', () => {
  it('keeps a finished exam while sends fail, then sends it with the same key until the server answers', async () => {
    const kept = enqueueAttempt({ user: 'u1', mode: 'exam', answers: sheet });
    expect(kept.key).toMatch(/^[0-9a-f-]{36}$/);
    const keys: string[] = [];
    const failing: SendAttempt = (attempt) => {
      keys.push(attempt.key);
      return Promise.reject(offline);
    };
    expect(await flushAttempts('u1', failing, isFinal)).toBe(0);
    expect(await flushAttempts('u1', failing, isFinal)).toBe(0);
    expect(readAttempts()).toEqual([kept]);

    const sent: unknown[] = [];
    const ok: SendAttempt = async (attempt) => void sent.push(attempt);
    expect(await flushAttempts('u1', ok, isFinal)).toBe(1);
    // Every resend carries the key made when the exam was finished: the server records it once.
    expect(new Set([...keys, kept.key]).size).toBe(1);
    expect(sent).toEqual([{ key: kept.key, mode: 'exam', answers: sheet }]);
    expect(window.localStorage.getItem(ATTEMPT_QUEUE_KEY)).toBeNull();
    expect(await flushAttempts('u1', ok, isFinal)).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it("never sends another user's attempt, drops one the server refuses for good, and one sent at once", async () => {
    enqueueAttempt({ user: 'someone-else', mode: 'exam', answers: sheet });
    enqueueAttempt({ user: 'u1', mode: 'topic', answers: sheet });
    const seen: string[] = [];
    const refuse: SendAttempt = async (attempt) => {
      seen.push(attempt.mode);
      throw refused;
    };
    expect(await flushAttempts('u1', refuse, isFinal)).toBe(1);
    expect(seen).toEqual(['topic']);
    expect(readAttempts().map((a) => a.user)).toEqual(['someone-else']);
    const sentNow = enqueueAttempt({ user: 'u1', mode: 'review', answers: sheet });
    removeQueuedAttempt(sentNow.key);
    expect(readAttempts().map((a) => a.user)).toEqual(['someone-else']);
  });

  it('runs one flush at a time in a tab: two at once send the attempt once', async () => {
    enqueueAttempt({ user: 'u1', mode: 'exam', answers: sheet });
    const keys: string[] = [];
    const slow: SendAttempt = async (attempt) => {
      keys.push(attempt.key);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const [first, second] = await Promise.all([flushAttempts('u1', slow, isFinal), flushAttempts('u1', slow, isFinal)]);
    expect(first + second).toBe(1);
    expect(keys).toHaveLength(1);
  });

  it('reads a damaged queue as empty and leaves out malformed entries', () => {
    window.localStorage.setItem(ATTEMPT_QUEUE_KEY, '{not json');
    expect(readAttempts()).toEqual([]);
    window.localStorage.setItem(
      ATTEMPT_QUEUE_KEY,
      JSON.stringify([{ key: 'x', user: 'u1', mode: 'exam', answers: sheet }, { key: crypto.randomUUID(), user: 'u1', mode: 'exam', answers: [] }, 42]),
    );
    expect(readAttempts()).toEqual([]);
  });
});
