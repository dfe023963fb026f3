import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { EXAM_FREE_QUESTIONS, examQuestionsResponseSchema, type ExamQuestion } from '@medallion/contracts/exam';
import { examLength } from '@medallion/contracts/exam-draw';
import type { Database } from '@medallion/db/client';
import { appSettings, examQuestions } from '@medallion/db/schema';
import type { SharedCache } from '../../integrations/redis/shared-cache';
import { listExamQuestions } from './list-exam-questions';

/** app_settings key of the bank's version, bumped by every staff edit (in the edit's transaction). */
const VERSION_KEY = 'exam_bank_version';
/** How often a process asks the database whether the bank changed (see createQuestionBank). */
const CHECK_EVERY_MS = 1000;
/** With a shared cache (REDIS_URL): how long the stamp and a loaded bank are kept there. */
const SHARED_STAMP_TTL_MS = 5000;
const SHARED_SNAPSHOT_TTL_MS = 10 * 60_000;
const STAMP_KEY = 'exam-bank:stamp';

export interface QuestionBankSnapshot {
  /** How many questions the pool holds (an exam draws examLength(total) of them). */
  total: number;
  free: ExamQuestion[];
  all: ExamQuestion[];
  /** The two question lists as JSON, made once per load: answering is string concatenation. */
  freeJson: string;
  allJson: string;
  /** A hash of the whole bank's content (base64url, 16 characters): the offline exam's version (sw.js). */
  contentHash: string;
}

export interface QuestionBank {
  /** The bank as of at most CHECK_EVERY_MS ago (this process's own edits: at once). */
  read(): Promise<QuestionBankSnapshot>;
  /** Forget the copy (and the shared one): the next read loads the bank again. Called after a staff edit. */
  invalidate(): Promise<void>;
}

/**
 * Bumps the bank's version inside a staff edit's transaction, so every process notices the edit (the
 * row lock also orders concurrent edits: the version only grows, whatever order they commit in).
 */
export async function bumpQuestionBankVersion(tx: Pick<Database, 'insert'>): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key: VERSION_KEY, value: '1' })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`(${appSettings.value}::bigint + 1)::text` } });
}

/**
 * What changes when the bank changes: the version staff edits bump, and the number of questions
 * (the seed loads them into an empty bank without an edit).
 */
async function readStamp(db: Database): Promise<string> {
  const [[version], [counted]] = await Promise.all([
    db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VERSION_KEY)),
    db.select({ n: count() }).from(examQuestions),
  ]);
  return `${version?.value ?? '0'}/${counted?.n ?? 0}`;
}

function toSnapshot(all: ExamQuestion[], total: number): QuestionBankSnapshot {
  const free = all.filter((q) => q.position <= EXAM_FREE_QUESTIONS);
  // The route sends these strings as they are, past the response serializer: check the shape once here.
  examQuestionsResponseSchema.parse({ data: { data: all, total: examLength(total), pool_size: total, full_access: true, access_expiry: null } });
  const allJson = JSON.stringify(all);
  const contentHash = createHash('sha256').update(allJson).digest('base64url').slice(0, 16);
  return { total, free, all, freeJson: JSON.stringify(free), allJson, contentHash };
}

async function loadSnapshot(db: Database): Promise<QuestionBankSnapshot> {
  const { questions: all, total } = await listExamQuestions(db, true);
  return toSnapshot(all, total);
}

/**
 * The stamp and the bank through a cache every instance shares: the stamp is read from the database
 * at most once per SHARED_STAMP_TTL_MS by the whole cluster, and the bank once per edit (or per
 * SHARED_SNAPSHOT_TTL_MS), instead of by each process.
 */
function sharedSource(db: Database, cache: SharedCache) {
  return {
    async readStamp(): Promise<string> {
      const cached = await cache.get(STAMP_KEY);
      if (cached) return cached;
      const stamp = await readStamp(db);
      await cache.set(STAMP_KEY, stamp, SHARED_STAMP_TTL_MS);
      return stamp;
    },
    async loadSnapshot(stamp: string): Promise<QuestionBankSnapshot> {
      const key = `exam-bank:${stamp}`;
      const cached = await cache.get(key);
      if (cached) {
        const { all, total } = JSON.parse(cached) as { all: ExamQuestion[]; total: number };
        return toSnapshot(all, total);
      }
      const snapshot = await loadSnapshot(db);
      await cache.set(key, JSON.stringify({ all: snapshot.all, total: snapshot.total }), SHARED_SNAPSHOT_TTL_MS);
      return snapshot;
    },
  };
}

/**
 * The exam's question bank (the pool an exam is drawn from, with the answers) kept in memory: it changes only when
 * staff edit it (modules/exam/update-exam-question.ts), so GET /exam/questions need not read it for every
 * request. This process's edits call invalidate(), and the next read loads the bank again.
 *
 * Several server processes may share one PostgreSQL, and an edit in one must reach the others. A
 * fixed TTL would serve stale questions for the whole TTL and reload the pool with its answers
 * in every process each time; instead a read at most once a second (CHECK_EVERY_MS) compares a
 * small stamp (a version in app_settings that each edit bumps in its transaction, and the question
 * count) and reloads only when it changed. So another process shows an edit within about a second,
 * for the price of two one-row queries a second.
 *
 * With a shared cache (REDIS_URL, several instances) the stamp and the bank are read through it
 * (sharedSource): an edit deletes the shared stamp, so other instances show it within about a second
 * too (SHARED_STAMP_TTL_MS at worst, should that delete fail or race with a reader).
 */
export function createQuestionBank(db: Database, cache?: SharedCache): QuestionBank {
  const shared = cache ? sharedSource(db, cache) : undefined;
  const stampOf = () => (shared ? shared.readStamp() : readStamp(db));
  const snapshotOf = (stamp: string) => (shared ? shared.loadSnapshot(stamp) : loadSnapshot(db));
  let current: { snapshot: QuestionBankSnapshot; stamp: string; checkedAt: number } | null = null;
  let pending: Promise<QuestionBankSnapshot> | null = null;
  // invalidate() moves this on, so a load that started before an edit does not store its old copy.
  let generation = 0;

  async function load(gen: number): Promise<QuestionBankSnapshot> {
    // The stamp first: an edit that commits during the load changes it, so the next check reloads.
    const stamp = await stampOf();
    const snapshot = await snapshotOf(stamp);
    if (gen === generation) current = { snapshot, stamp, checkedAt: Date.now() };
    return snapshot;
  }

  async function refresh(gen: number): Promise<QuestionBankSnapshot> {
    if (!current) return load(gen);
    const known = current;
    if ((await stampOf()) !== known.stamp) return load(gen);
    known.checkedAt = Date.now();
    return known.snapshot;
  }

  return {
    read() {
      if (current && Date.now() - current.checkedAt < CHECK_EVERY_MS) return Promise.resolve(current.snapshot);
      // One check or load at a time; requests meanwhile wait for it.
      if (!pending) {
        const p = refresh(generation);
        const done = () => {
          if (pending === p) pending = null;
        };
        p.then(done, done);
        pending = p;
      }
      return pending;
    },
    async invalidate() {
      generation += 1;
      current = null;
      pending = null;
      await cache?.delete(STAMP_KEY);
    },
  };
}

/**
 * The body of GET /exam/questions: the free questions, or the whole pool with unexpired paid access
 * (locked questions and their answers are never sent without it), the length of an exam drawn from the
 * pool, the pool's size and the caller's access.
 */
export function examQuestionsBody(bank: QuestionBankSnapshot, accessExpiry: Date | null): string {
  const full = accessExpiry !== null;
  const expiry = accessExpiry ? JSON.stringify(accessExpiry.toISOString()) : 'null';
  return `{"data":{"data":${full ? bank.allJson : bank.freeJson},"total":${examLength(bank.total)},"pool_size":${bank.total},"full_access":${full},"access_expiry":${expiry}}}`;
}
