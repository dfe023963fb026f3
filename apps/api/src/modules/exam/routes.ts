import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  examAttemptWithModeRequestSchema,
  examModesResponseSchema,
  examSimulationResponseSchema,
  examSimulationResultResponseSchema,
  examSimulationStartedResponseSchema,
  saveSimulationAnswersRequestSchema,
  saveSimulationAnswersResponseSchema,
  submitSimulationRequestSchema,
  examAttemptIdParamsSchema,
  examAttemptResponseSchema,
  examAttemptsResponseSchema,
  examAnswersRequestSchema,
  examAnswersResponseSchema,
  examAnswerLogResponseSchema,
  examReviewResponseSchema,
  deleteExamRunResponseSchema,
  examRunQuerySchema,
  examRunResponseSchema,
  saveExamRunRequestSchema,
  saveExamRunResponseSchema,
  examQuestionsResponseSchema,
  examReadinessResponseSchema,
  promoCheckQuerySchema,
  promoCheckResponseSchema,
  reportedQuestionsResponseSchema,
  reportQuestionRequestSchema,
  reportQuestionResponseSchema,
  savedQuestionsResponseSchema,
  saveQuestionRequestSchema,
  saveQuestionResponseSchema,
} from '@medallion/contracts/exam';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { toWebHeaders } from '../../lib/web-headers';
import { requireUser } from '../../plugins/auth';
import { getSessionUser } from '../auth/account-flows';
import { examAccessExpiry } from './exam-access';
import { deleteExamRun, getExamRun, saveExamRun } from './exam-runs';
import { getAttempt, listAttempts, recordAttempt } from './grade-attempt';
import { getReadiness } from './get-readiness';
import { quoteExamPrice } from './exam-price';
import { examQuestionsBody } from './question-bank';
import { listReportedQuestionIds, reportQuestion } from './question-reports';
import { listSavedQuestions, toggleSavedQuestion } from './saved-questions';
import { gradeAndRecordAnswers, listRecordedAnswers } from './record-answers';
import { getReviewQueue } from './review-queue';
import { getExamModes } from './get-exam-modes';
import { saveSimulationAnswers } from './save-simulation-answers';
import { getSimulation, startSimulation } from './start-simulation';
import { submitSimulation } from './submit-simulation';

/** The practice exam. Paid access is checked on the server for every call. */
export async function examRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exam'];
  const hasAccess = async (userId: string) => (await examAccessExpiry(app.db, userId)) !== null;
  const optionalUser = async (req: FastifyRequest) =>
    // No cookie and no bearer token: a guest, without asking better-auth.
    req.headers.cookie || req.headers.authorization ? ((await getSessionUser(app.auth, toWebHeaders(req)))?.user ?? null) : null;

  r.get(
    '/exam/questions',
    {
      schema: {
        tags,
        summary: 'The pool the caller may take an exam from: the whole pool with paid access, else the free first 5',
        response: { 200: examQuestionsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      // Access on every request, on the server clock (one indexed query); the questions from memory.
      const me = await optionalUser(req);
      const [expiry, bank] = await Promise.all([examAccessExpiry(app.db, me?.id ?? null), app.examBank.read()]);
      // Pre-serialized JSON, checked against the response schema when the bank is loaded (a string
      // payload skips the serializer; the type provider only knows the object form, hence the cast).
      const body = examQuestionsBody(bank, expiry) as unknown as z.infer<typeof examQuestionsResponseSchema>;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  r.get(
    '/exam/promo-check',
    {
      config: ipRateLimit(30),
      schema: {
        tags,
        summary: 'Whether a promo code discounts the exam now',
        querystring: promoCheckQuerySchema,
        response: { 200: promoCheckResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await quoteExamPrice(app.db, req.query.code) }),
  );

  r.post(
    '/exam/attempts',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Grade and store a finished exam (first-try answers); mode 'topic' or 'review' for those practice runs",
        body: examAttemptWithModeRequestSchema,
        response: { 200: examAttemptResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await recordAttempt(app.db, req.user.id, req.body.answers, await hasAccess(req.user.id), req.body.mode, req.body.attempt_key) }),
  );

  r.get(
    '/exam/modes',
    {
      schema: {
        tags,
        summary: "The ways to practice: the timed simulation's length and the number of questions per topic",
        response: { 200: examModesResponseSchema, ...errors },
      },
    },
    async () => ({ data: await getExamModes(app.db, (await app.examBank.read()).all) }),
  );

  r.get(
    '/exam/simulation',
    {
      onRequest: requireUser,
      schema: { tags, summary: "The user's running timed simulation, or null", response: { 200: examSimulationResponseSchema, ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await getSimulation(app.db, req.user.id) };
    },
  );

  r.post(
    '/exam/simulation',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Start the timed simulation (paid access; 403 without), or answer the running one',
        response: { 200: examSimulationStartedResponseSchema, ...errors },
      },
    },
    async (req) => ({
      data: await startSimulation(app.db, req.user.id, (await app.examBank.read()).all, await hasAccess(req.user.id)),
    }),
  );

  r.put(
    '/exam/simulation/answers',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Save chosen answers of the running simulation (409 after its deadline)',
        body: saveSimulationAnswersRequestSchema,
        response: { 200: saveSimulationAnswersResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await saveSimulationAnswers(app.db, req.user.id, req.body.answers) }),
  );

  r.post(
    '/exam/simulation/submit',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Finish the simulation: graded on the server from the answers saved by the deadline, stored as a timed attempt',
        body: submitSimulationRequestSchema,
        response: { 200: examSimulationResultResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await submitSimulation(app.db, req.user.id, (await app.examBank.read()).all, req.body?.answers) }),
  );

  r.get(
    '/exam/attempts',
    { onRequest: requireUser, schema: { tags, summary: "The user's finished exams, newest first", response: { 200: examAttemptsResponseSchema, ...errors } } },
    async (req) => ({ data: { data: await listAttempts(app.db, req.user.id) } }),
  );

  r.get(
    '/exam/readiness',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The user's readiness for the exam: a score from recent attempts per topic, the weak topics, what to do next, and the last attempts",
        response: { 200: examReadinessResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await getReadiness(app.db, req.user.id) };
    },
  );

  r.get(
    '/exam/attempts/:attempt_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "One of the user's finished exams with its wrong question ids (404 for anyone else's)",
        params: examAttemptIdParamsSchema,
        response: { 200: examAttemptResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await getAttempt(app.db, req.user.id, req.params.attempt_id) }),
  );

  r.get(
    '/exam/run',
    {
      onRequest: requireUser,
      config: ipRateLimit(120),
      schema: {
        tags,
        summary: "The user's run in progress of a mode (null when none): its draw, graded by the server",
        querystring: examRunQuerySchema,
        response: { 200: examRunResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const [bank, access] = await Promise.all([app.examBank.read(), hasAccess(req.user.id)]);
      return { data: await getExamRun(app.db, req.user.id, req.query.mode, bank.all, access) };
    },
  );

  r.put(
    '/exam/run',
    {
      onRequest: requireUser,
      config: ipRateLimit(120),
      schema: {
        tags,
        summary: 'Save the run in progress of the practice exam (mode exam): its seed, position and first-try answers; the server draws and grades',
        body: saveExamRunRequestSchema,
        response: { 200: saveExamRunResponseSchema, ...errors },
      },
    },
    async (req) => {
      const [bank, access] = await Promise.all([app.examBank.read(), hasAccess(req.user.id)]);
      return { data: await saveExamRun(app.db, req.user.id, req.body, bank.all, access) };
    },
  );

  r.delete(
    '/exam/run',
    {
      onRequest: requireUser,
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: "Remove the user's run in progress of a mode (Start over)",
        querystring: examRunQuerySchema,
        response: { 200: deleteExamRunResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: { deleted: await deleteExamRun(app.db, req.user.id, req.query.mode) } }),
  );

  r.get(
    '/exam/questions/saved',
    {
      onRequest: requireUser,
      schema: { tags, summary: "The user's saved questions (404 when none)", response: { 200: savedQuestionsResponseSchema, ...errors } },
    },
    async (req) => ({ data: { data: await listSavedQuestions(app.db, req.user.id) } }),
  );

  r.post(
    '/exam/questions/save',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Save a question, or remove it from the saved list',
        body: saveQuestionRequestSchema,
        response: { 200: saveQuestionResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await toggleSavedQuestion(app.db, req.user.id, req.body.question_id, () => hasAccess(req.user.id)) }),
  );

  r.get(
    '/exam/questions/issue',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Ids of the questions the user reported', response: { 200: reportedQuestionsResponseSchema, ...errors } },
    },
    async (req) => ({ data: { data: await listReportedQuestionIds(app.db, req.user.id) } }),
  );

  r.post(
    '/exam/questions/issue',
    {
      onRequest: requireUser,
      config: ipRateLimit(30),
      schema: {
        tags,
        summary: 'Report a problem with a question (once per question)',
        body: reportQuestionRequestSchema,
        response: { 200: reportQuestionResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await reportQuestion(app.db, req.user.id, req.body, await hasAccess(req.user.id)) }),
  );

  r.post(
    '/exam/answers',
    {
      onRequest: requireUser,
      // A person answers a question every few seconds at most; the limit only stops a runaway client.
      config: ipRateLimit(600),
      schema: {
        tags,
        summary: "Grade first-try answers and count them in the questions' statistics and the user's review queue",
        body: examAnswersRequestSchema,
        response: { 200: examAnswersResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await gradeAndRecordAnswers(app.db, req.user.id, req.body.answers, await hasAccess(req.user.id)) }),
  );

  r.get(
    '/exam/answers',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The user's answers recorded with a key (the offline queue's), newest first, at most 200",
        response: { 200: examAnswerLogResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await listRecordedAnswers(app.db, req.user.id) };
    },
  );

  r.get(
    '/exam/review',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The user's review queue: the questions due today or earlier (New York), and how many come later",
        response: { 200: examReviewResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await getReviewQueue(app.db, req.user.id) };
    },
  );
}
