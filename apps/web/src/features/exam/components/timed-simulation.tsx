import { ChevronLeft, ChevronRight, Flag, Grid3x3, LockKeyhole, Timer } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExamQuestion, ExamSimulation, ExamSimulationResult } from '@medallion/contracts/exam';
import { EXAM_PASS_ABOVE, EXAM_QUESTION_COUNT } from '@medallion/contracts/exam-constants';
import { AlertDialog, AlertDialogCancel, AlertDialogCard, AlertDialogDescription, AlertDialogHeader } from '@/components/ui/dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { useExamModes, useExamQuestions, useExamSimulation } from '@/lib/queries/exam';
import { signInPath } from '@/lib/sign-in-path';
import { saveSimulationAnswers } from '../api/save-simulation-answers';
import { useStartSimulation } from '../api/start-simulation';
import { useSubmitSimulation } from '../api/submit-simulation';
import { LanguageSwitch } from './exam-runner';
import { Notice, UnlockLink } from './practice-notice';
import { QuestionMap } from './question-map';
import { SimulationResult } from './simulation-result';

type Lang = 'en' | 'ru';
type Answer = { question_id: string; answer_id: string };

/** The polite announcements of the time left, in minutes. */
const ANNOUNCE_AT_MINUTES = [5, 1] as const;

/** mm:ss (hours fold into the minutes: 90:00). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The countdown to the server's deadline: the time left is counted from the server's clock at the
 * answer (deadline − server_now), so a wrong clock on the device does not change it.
 */
function useCountdown(run: ExamSimulation): number {
  // Fixed when the run is shown (the component is keyed by the run).
  const [endsAt] = useState(() => Date.now() + (Date.parse(run.deadline_at) - Date.parse(run.server_now)));
  const [left, setLeft] = useState(() => Math.max(0, endsAt - Date.now()));
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, endsAt - Date.now()));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return left;
}

/**
 * The running simulation: one question at a time in the server's order with its shuffled answers, no
 * feedback; the choice can change, Previous/Next and a grid to jump, Finish with a confirmation, and the
 * countdown that submits at zero. Each choice is saved on the server (in order, one call at a time), and
 * Finish sends all of them once more, so nothing is lost to a failed save.
 */
function RunningSimulation({ run, bank, onFinished }: { run: ExamSimulation; bank: Map<string, ExamQuestion>; onFinished: (r: ExamSimulationResult) => void }) {
  const { t, i18n } = useTranslation('exam');
  const [lang, setLang] = useState<Lang>(i18n.language === 'ru' ? 'ru' : 'en');
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState(() => new Map(run.answers.map((a) => [a.question_id, a.answer_id])));
  const [confirming, setConfirming] = useState(false);
  const [gridOpen, setGridOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [saveFailed, setSaveFailed] = useState(false);
  const submit = useSubmitSimulation();
  const left = useCountdown(run);

  const questions = useMemo(() => run.question_ids.map((id) => bank.get(id)).filter((q): q is ExamQuestion => Boolean(q)), [run.question_ids, bank]);
  const total = questions.length;
  const question = questions[index];
  const answered = questions.filter((q) => answers.has(q.question_id)).length;
  const unanswered = total - answered;

  // Saving: the choices not yet sent, one request at a time, in order.
  const pending = useRef(new Map<string, string>());
  const sending = useRef(false);
  const finishing = useRef(false);
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    let failed = false;
    while (!failed && pending.current.size > 0 && !finishing.current) {
      const batch = [...pending.current].map(([question_id, answer_id]) => ({ question_id, answer_id }));
      pending.current.clear();
      try {
        await saveSimulationAnswers({ answers: batch });
      } catch (error) {
        // Kept for the next save (a newer choice wins); Finish sends every answer anyway. 409: time is up.
        for (const a of batch) if (!pending.current.has(a.question_id)) pending.current.set(a.question_id, a.answer_id);
        failed = !(error instanceof ApiClientError && error.status === 409);
        if (!failed) break;
      }
    }
    sending.current = false;
    setSaveFailed(failed);
  }, []);

  const choose = (questionId: string, answerId: string) => {
    setAnswers((prev) => new Map(prev).set(questionId, answerId));
    pending.current.set(questionId, answerId);
    void flush();
  };

  const { mutate: send } = submit;
  const finish = useCallback(() => {
    if (finishing.current) return;
    finishing.current = true;
    setConfirming(false);
    const all: Answer[] = [...answers].map(([question_id, answer_id]) => ({ question_id, answer_id }));
    send(
      { answers: all },
      {
        onSuccess: ({ data }) => onFinished(data),
        onError: () => {
          finishing.current = false;
        },
      },
    );
  }, [answers, send, onFinished]);

  // Zero: submitted by itself.
  useEffect(() => {
    if (left === 0) finish();
  }, [left, finish]);

  // "5 minutes left", "1 minute left": once each, politely.
  const announced = useRef(new Set<number>());
  useEffect(() => {
    for (const minutes of ANNOUNCE_AT_MINUTES) {
      if (left > 0 && left <= minutes * 60_000 && !announced.current.has(minutes)) {
        ANNOUNCE_AT_MINUTES.filter((m) => m >= minutes).forEach((m) => announced.current.add(m));
        setAnnouncement(t('timed.timeLeft', { count: minutes }));
      }
    }
  }, [left, t]);

  if (submit.isPending || submit.isSuccess) {
    return <Spinner label={t('timed.grading')} className="py-16 text-slate-500" />;
  }
  if (submit.isError) {
    const gone = submit.error instanceof ApiClientError && submit.error.status === 404;
    return (
      <ErrorState
        message={gone ? t('timed.goneError') : errorText(submit.error)}
        retryLabel={t('retry')}
        onRetry={gone ? () => window.location.reload() : finish}
      />
    );
  }
  if (!question) return <ErrorState message={t('loadError')} retryLabel={t('retry')} onRetry={() => window.location.reload()} />;

  const ru = lang === 'ru';
  const order = run.answer_order[question.question_id] ?? question.answers.map((a) => a.answer_id);
  const byAnswerId = new Map(question.answers.map((a) => [a.answer_id, a]));
  const chosen = answers.get(question.question_id) ?? null;
  const low = left <= 5 * 60_000;
  return (
    <div className="flex flex-col gap-4" data-testid="timed-simulation">
      <div className="sticky top-16 z-10 -mx-4 flex flex-col gap-2 border-b border-slate-200 bg-paper/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:rounded-2xl sm:border sm:bg-white sm:p-4">
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm font-semibold" data-testid="exam-progress">
            {t('progress', { n: index + 1, total })}
          </span>
          <span
            className={cn(
              'flex items-center gap-1.5 rounded-lg px-2.5 py-1 font-mono text-lg font-bold tabular-nums',
              low ? 'bg-danger/10 text-danger-text' : 'bg-slate-100 text-asphalt',
            )}
          >
            <Timer aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('timed.timerLabel')}: </span>
            <span role="timer" aria-label={t('timed.timerLabel')} data-testid="exam-timer">
              {formatClock(left)}
            </span>
          </span>
        </div>
        <p className="text-sm text-slate-600" data-testid="answered-count">
          {t('timed.answered', { answered, total })}
        </p>
        <p aria-live="polite" className="sr-only" data-testid="timer-announcement">
          {announcement}
        </p>
      </div>

      <section
        aria-labelledby="question-text"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        data-topic={question.topic}
      >
        <h2 id="question-text" lang={lang} className="text-lg font-bold leading-snug text-asphalt sm:text-xl" data-testid="question-text">
          <span className="sr-only">{t('progress', { n: index + 1, total })}: </span>
          {ru ? question.question_rus : question.question}
        </h2>
        <QuestionMap map={question.map} />
        <div role="radiogroup" aria-labelledby="question-text" className="flex flex-col gap-2" lang={lang}>
          {order.map((answerId) => {
            const answer = byAnswerId.get(answerId);
            if (!answer) return null;
            const isChosen = chosen === answerId;
            return (
              <label
                key={answerId}
                data-result={isChosen ? 'chosen' : 'idle'}
                className={cn(
                  'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 transition-colors',
                  isChosen ? 'border-asphalt bg-taxi-soft' : 'border-slate-200 hover:border-slate-400',
                )}
              >
                <input
                  type="radio"
                  name={`sim-answer-${question.question_id}`}
                  value={answerId}
                  checked={isChosen}
                  onChange={() => choose(question.question_id, answerId)}
                  className="size-5 shrink-0 accent-asphalt"
                />
                <span className="flex-1 font-medium text-asphalt">{ru ? answer.answer_rus : answer.answer}</span>
              </label>
            );
          })}
        </div>
        {saveFailed && (
          <p role="status" className="text-sm text-danger-text">
            {t('timed.saveFailed')}
          </p>
        )}
      </section>

      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:p-4">
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
            <ChevronLeft aria-hidden="true" className="size-5" />
            {t('timed.previous')}
          </Button>
          <Button variant="ghost" onClick={() => setGridOpen((o) => !o)} aria-expanded={gridOpen} aria-controls="sim-grid">
            <Grid3x3 aria-hidden="true" className="size-5" />
            <span className="max-sm:sr-only">{t('timed.allQuestions')}</span>
          </Button>
          {index + 1 < total ? (
            <Button variant="outline" onClick={() => setIndex((i) => Math.min(total - 1, i + 1))}>
              {t('next')}
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          ) : (
            <Button onClick={() => setConfirming(true)}>
              <Flag aria-hidden="true" className="size-5" />
              {t('timed.finish')}
            </Button>
          )}
        </div>
        {gridOpen && (
          <nav id="sim-grid" aria-label={t('timed.allQuestions')} className="border-t border-slate-100 pt-3">
            <ol className="grid grid-cols-8 gap-1.5 sm:grid-cols-10">
              {questions.map((q, i) => {
                const done = answers.has(q.question_id);
                return (
                  <li key={q.question_id}>
                    <button
                      type="button"
                      onClick={() => {
                        setIndex(i);
                        setGridOpen(false);
                      }}
                      aria-current={i === index ? 'step' : undefined}
                      aria-label={t(done ? 'timed.gridAnswered' : 'timed.gridOpen', { n: i + 1 })}
                      className={cn(
                        'flex h-10 w-full items-center justify-center rounded-md border text-sm font-semibold tabular-nums',
                        done ? 'border-asphalt bg-asphalt text-white' : 'border-slate-300 bg-white text-asphalt hover:bg-slate-50',
                        i === index && 'ring-2 ring-taxi ring-offset-1',
                      )}
                    >
                      {i + 1}
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
        )}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <LanguageSwitch lang={lang} onChange={setLang} />
        {index + 1 < total && (
          <Button variant="dark" onClick={() => setConfirming(true)}>
            <Flag aria-hidden="true" className="size-5" />
            {t('timed.finish')}
          </Button>
        )}
      </div>

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogCard className="flex flex-col gap-4 p-6">
          <AlertDialogHeader title={t('timed.confirmTitle')} />
          <AlertDialogDescription className="text-slate-700">
            {unanswered > 0 ? t('timed.confirmUnanswered', { count: unanswered }) : t('timed.confirmAll')}
          </AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel className={buttonClasses('outline', 'md')}>{t('timed.keepGoing')}</AlertDialogCancel>
            <Button onClick={finish}>{t('timed.finishNow')}</Button>
          </div>
        </AlertDialogCard>
      </AlertDialog>
    </div>
  );
}

/**
 * /exam?mode=timed: the timed simulation. Signed-in users with paid access start it (the server shuffles
 * and keeps the clock); a reload continues it; the result shows the score, the result by topic and the review.
 */
export function TimedSimulation({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('exam');
  const questions = useExamQuestions();
  const modes = useExamModes();
  const simulation = useExamSimulation(signedIn);
  const start = useStartSimulation();
  const [result, setResult] = useState<ExamSimulationResult | null>(null);
  const bank = useMemo(() => new Map((questions.data?.data.data ?? []).map((q) => [q.question_id, q])), [questions.data]);
  const minutes = simulation.data?.minutes ?? modes.data?.timed_minutes;
  const count = modes.data?.question_count ?? questions.data?.data.total ?? EXAM_QUESTION_COUNT;

  const fullExam = (
    <Link to="/exam" className={buttonClasses('outline', 'md')}>
      {t('practice.fullExam')}
    </Link>
  );

  if (result) {
    return (
      <SimulationResult
        result={result}
        bank={bank}
        onAgain={() => {
          setResult(null);
          start.mutate();
        }}
      />
    );
  }
  if (!signedIn) {
    return (
      <Notice
        icon={<Timer aria-hidden="true" className="size-8" />}
        title={t('timed.signInTitle')}
        actions={
          <>
            <Link to={signInPath('/exam?mode=timed')} className={buttonClasses('primary', 'md')}>
              {t('paywall.signIn')}
            </Link>
            {fullExam}
          </>
        }
      >
        {t('timed.signInText', { count, minutes: minutes ?? 90 })}
      </Notice>
    );
  }
  if (questions.isError || simulation.isError) {
    return (
      <ErrorState message={t('loadError')} retryLabel={t('retry')} onRetry={() => void (questions.isError ? questions.refetch() : simulation.refetch())} />
    );
  }
  if (questions.isPending || simulation.isPending) return <Spinner label={t('common:loading')} className="py-16 text-slate-500" />;
  if (!questions.data.data.full_access) {
    return (
      <Notice
        icon={<LockKeyhole aria-hidden="true" className="size-8" />}
        title={t('timed.lockedTitle')}
        actions={
          <>
            <UnlockLink />
            {fullExam}
          </>
        }
      >
        {t('timed.lockedText', { count, minutes: minutes ?? 90 })}
      </Notice>
    );
  }
  if (simulation.data) return <RunningSimulation key={simulation.data.run_id} run={simulation.data} bank={bank} onFinished={setResult} />;

  return (
    <section
      aria-labelledby="timed-intro-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
      data-testid="timed-intro"
    >
      <h2 id="timed-intro-title" className="flex items-center gap-2 text-2xl font-extrabold text-asphalt">
        <Timer aria-hidden="true" className="size-7 shrink-0" />
        {t('timed.title')}
      </h2>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-slate-700">
        <li>{t('timed.introQuestions', { count })}</li>
        <li data-testid="timed-length">{t('timed.introTime', { count: minutes ?? 90 })}</li>
        <li>{t('timed.introNoFeedback')}</li>
        <li>{t('timed.introPass', { pass: EXAM_PASS_ABOVE, count })}</li>
      </ul>
      {start.isError && (
        <p role="alert" className="text-danger-text">
          {errorText(start.error)}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending && <Spinner label={t('timed.starting')} />}
          {t('timed.start')}
        </Button>
        {fullExam}
      </div>
    </section>
  );
}
