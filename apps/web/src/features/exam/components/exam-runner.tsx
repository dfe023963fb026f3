import { Bookmark, BookmarkCheck, CheckCircle2, Info, XCircle } from 'lucide-react';
import { Progress } from 'radix-ui';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamAttemptMode, ExamQuestion, ExamRun } from '@medallion/contracts/exam';
import { EXAM_PASS_ABOVE } from '@medallion/contracts/exam-constants';
import { randomExamSeed } from '@medallion/contracts/exam-draw';
import { gradeAnswer } from '@medallion/contracts/exam-grading';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { lazyNamed } from '@/components/ui/lazy';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useExamQuestions, useReportedQuestions, useSavedQuestions } from '@/lib/queries/exam';
import { useCreateExamAttempt } from '../api/create-exam-attempt';
import { useRecordAnswer } from '../api/record-answer';
import { useToggleSavedQuestion } from '../api/toggle-saved-question';
import { clearLocalRun, runExam, type RunDraw } from '../lib/exam-run-store';
import { useExamResume } from '../lib/use-exam-resume';
import { IntroDialog } from './intro-dialog';
import { QuestionMap } from './question-map';
import { ReportButton } from './report-button';
import { ResumeNotice } from './resume-notice';
import type { WrongAnswer } from './result-dialog';

/** The paywall (question 6 without access) and the result popup are chunks of their own, fetched once the exam has started. */
const Paywall = lazyNamed(() => import('./paywall'), 'Paywall');
const ResultDialog = lazyNamed(() => import('./result-dialog'), 'ResultDialog');

type Lang = 'en' | 'ru';
type Phase = 'choosing' | 'correct' | 'wrong';

/** The next question follows 500 ms after a correct answer, 100 ms after Next. */
const CORRECT_DELAY_MS = 500;
const NEXT_DELAY_MS = 100;

// The runner's boxes, shared with its skeleton so that the page keeps its height when the questions arrive.
const PROGRESS_BOX =
  'sticky top-16 z-10 -mx-4 flex flex-col gap-2 border-b border-slate-200 bg-paper/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:rounded-2xl sm:border sm:bg-white sm:p-4';
const QUESTION_CARD = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6';
const ANSWER = 'flex min-h-14 items-center gap-3 rounded-xl border-2 px-4 py-3';
const SWITCH = 'flex rounded-lg bg-slate-200/70 p-1';
const BOTTOM_BAR =
  'sticky bottom-0 z-20 -mx-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.06)] sm:static sm:rounded-2xl sm:border sm:shadow-none';

/**
 * The runner while its questions (or the session) load: the progress box, a question with four
 * answers and the bottom bar, in the sizes of the real ones, so nothing below moves when they come.
 */
export function ExamSkeleton() {
  const { t } = useTranslation('exam');
  const bar = 'rounded bg-slate-200';
  return (
    <div className="flex flex-col gap-4" role="status" aria-label={t('common:loading')}>
      <div className={PROGRESS_BOX} aria-hidden="true">
        <div className="flex h-5 items-center justify-between gap-3">
          <span className={cn(bar, 'h-3.5 w-28')} />
          <span className={cn(bar, 'h-3.5 w-16')} />
        </div>
        <div className="h-3 rounded-full bg-slate-200" />
      </div>
      <div className={cn(QUESTION_CARD, 'animate-pulse motion-reduce:animate-none')} aria-hidden="true">
        {/* The question's lines (text-lg/xl, leading-snug): two on phones, one from 640 px (the free questions are short). */}
        <div className="flex h-[49.5px] flex-col justify-around sm:h-[27.5px]">
          <span className={cn(bar, 'h-4 w-full sm:h-5 sm:w-4/5')} />
          <span className={cn(bar, 'h-4 w-2/3 sm:hidden')} />
        </div>
        {/* Four answers of a line each; on phones one of them usually takes two lines. */}
        <div className="flex flex-col gap-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={cn(ANSWER, 'border-slate-200', i === 1 && 'max-sm:min-h-[4.75rem]')}>
              <span className="size-5 shrink-0 rounded-full border-2 border-slate-200" />
              <span className={cn(bar, 'h-4 w-1/2')} />
            </div>
          ))}
        </div>
        <div />
      </div>
      <div className={BOTTOM_BAR} aria-hidden="true">
        <div className={SWITCH}>
          <span className="min-h-11 w-36" />
        </div>
        <span className={cn(buttonClasses('primary', 'lg'), 'opacity-60')}>{t('submit')}</span>
      </div>
    </div>
  );
}

function SaveButton({ question, saved }: { question: ExamQuestion; saved: boolean }) {
  const { t } = useTranslation('exam');
  const toggle = useToggleSavedQuestion();
  const onClick = () =>
    toggle.mutate(
      { questionId: question.question_id, optimistic: { question_id: question.question_id, question: question.question, question_rus: question.question_rus } },
      {
        onSuccess: (result) => toast.success(result.data.saved ? t('toasts.saved') : t('toasts.removed')),
        onError: () => toast.error(t('toasts.saveFailed')),
      },
    );
  const Icon = saved ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={saved}
      aria-label={t('save')}
      title={saved ? t('unsave') : t('save')}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-lg border transition-colors',
        saved ? 'border-asphalt bg-taxi text-asphalt' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      <Icon aria-hidden="true" className={cn('size-5', saved && 'fill-current')} />
    </button>
  );
}

export function LanguageSwitch({ lang, onChange }: { lang: Lang; onChange: (lang: Lang) => void }) {
  const { t } = useTranslation('exam');
  return (
    <div role="radiogroup" aria-label={t('language')} className={SWITCH}>
      {(['en', 'ru'] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={lang === value}
          lang={value}
          onClick={() => onChange(value)}
          className={cn(
            'min-h-11 rounded-md px-3 text-sm font-semibold sm:px-4',
            lang === value ? 'bg-white text-asphalt shadow-sm' : 'text-slate-700 hover:text-asphalt',
          )}
        >
          {t(`languages.${value}`)}
        </button>
      ))}
    </div>
  );
}

/** The seed a save carries: none for a run drawn by the server before seeds (it keeps its draw). */
const seedOf = (draw: RunDraw) => (draw.seed === undefined ? {} : { seed: draw.seed });

/** "Practice my mistakes": a set of questions the user got wrong (taken from the questions they may read). */
export interface PracticeSet {
  questions: ExamQuestion[];
  /** Starts the same set again (the parent remounts the runner). */
  onRestart: () => void;
  /**
   * Practice by topic or the review queue: the finished run is stored as an attempt of this mode, and
   * its answers are recorded under it (POST /exam/answers). Not given: a practice run of one's mistakes.
   */
  mode?: Exclude<ExamAttemptMode, 'exam'>;
}

/**
 * The practice exam: intro with the borough map, one question per screen, paywall at 6, result. The
 * spec's run is an exam drawn from the pool the user may read (drawExam with the run's seed: the free
 * preview first, so without access the paywall follows it), or a resumed run's own draw.
 * With `practice` it runs only that set: no intro, no paywall, graded here and not stored as an attempt.
 */
export function ExamRunner({ signedIn, practice }: { signedIn: boolean; practice?: PracticeSet }) {
  const { t, i18n } = useTranslation('exam');
  const questions = useExamQuestions();
  const saved = useSavedQuestions(signedIn);
  const reported = useReportedQuestions(signedIn);
  const createAttempt = useCreateExamAttempt();
  const recordAnswer = useRecordAnswer(signedIn, practice?.mode ?? 'exam');

  const [started, setStarted] = useState(Boolean(practice));
  const [lang, setLang] = useState<Lang>(i18n.language === 'ru' ? 'ru' : 'en');
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('choosing');
  const [score, setScore] = useState(0);
  const [wrong, setWrong] = useState<WrongAnswer[]>([]);
  const [finished, setFinished] = useState(false);
  const [advanceIn, setAdvanceIn] = useState<number | null>(null);
  const answers = useRef<{ question_id: string; answer_id: string }[]>([]);
  const attemptSent = useRef(false);
  /** The finished exam could not reach the server: it is kept on this device (the result says so). */
  const [keptOffline, setKeptOffline] = useState(false);
  /** The question a resumed run continued at (its notice shows until the next answer). */
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  /** The spec's run's draw: a new seed for a new exam, or a resumed run's (the first five questions are the same whatever the seed). */
  const [draw, setDraw] = useState<RunDraw>(() => ({ seed: randomExamSeed() }));
  /**
   * The account's run as the last save answered it. The server draws the run from its own pool: should
   * this browser's copy be older (a question added or edited since), the server's draw of the same seed
   * is the one that counts for the questions still to come (the answered ones are in it: it accepted them).
   */
  const [serverRun, setServerRun] = useState<ExamRun | null>(null);
  const runDraw = useMemo<RunDraw>(
    () =>
      draw.question_ids || !serverRun || serverRun.seed === null || serverRun.seed !== draw.seed
        ? draw
        : { seed: draw.seed, question_ids: serverRun.question_ids, total: serverRun.total },
    [draw, serverRun],
  );

  const pool = questions.data?.data.data;
  const drawn = useMemo(() => (practice || !pool ? [] : runExam(pool, runDraw)), [practice, pool, runDraw]);
  // A draw naming questions this browser does not have yet (the pool grew since it was loaded): load it again, once per draw.
  const reloadedFor = useRef<string | null>(null);
  const { refetch: reloadPool } = questions;
  useEffect(() => {
    if (!pool || !runDraw.question_ids) return;
    const known = new Set(pool.map((q) => q.question_id));
    const key = runDraw.question_ids.join();
    if (reloadedFor.current === key || runDraw.question_ids.every((id) => known.has(id))) return;
    reloadedFor.current = key;
    void reloadPool();
  }, [pool, runDraw, reloadPool]);
  const list = practice?.questions ?? drawn;
  const total = practice ? practice.questions.length : (runDraw.total ?? questions.data?.data.total ?? 0);
  const question: ExamQuestion | undefined = list[index];
  const savedIds = useMemo(() => new Set((saved.data ?? []).map((q) => q.question_id)), [saved.data]);
  const reportedIds = useMemo(() => new Set(reported.data ?? []), [reported.data]);
  // The spec's run continues where it stopped (a practice run does not).
  const resume = useExamResume({ enabled: !practice, signedIn, questions: questions.data?.data.data, total, onServerRun: setServerRun });
  const { phase: resumePhase, take: takeRun, save: saveRun, idle: runSaved } = resume;
  useEffect(() => {
    if (resumePhase !== 'found') return;
    const run = takeRun();
    if (!run) return;
    answers.current = run.answers;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the run comes from outside React (this browser's storage or the server), taken once
    setDraw(run.draw.seed === undefined && !run.draw.question_ids ? { ...run.draw, seed: randomExamSeed() } : run.draw);
    const runTotal = run.draw.total ?? total;
    setIndex(Math.min(run.index, runTotal));
    setScore(run.score);
    setWrong(run.wrong);
    setStarted(true);
    if (run.index >= runTotal) setFinished(true);
    else setResumedAt(run.index + 1);
  }, [resumePhase, takeRun, total]);

  // The page arrives rendered and its app starts after the first view (decision 0006): a tap on an answer
  // before then checks the radio without telling React, and Submit would stay off while the answer looks
  // chosen. The checked answer of the question on screen is taken as the choice.
  const answerGroup = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!question || phase !== 'choosing' || selected !== null) return;
    const early = answerGroup.current?.querySelector<HTMLInputElement>(`input[name="answer-${question.question_id}"]:checked`);
    if (early) setSelected(early.value);
  }, [question, phase, selected]);

  const advance = useCallback(() => {
    setAdvanceIn(null);
    setSelected(null);
    setPhase('choosing');
    if (index + 1 >= total) setFinished(true);
    else setIndex(index + 1);
  }, [index, total]);

  useEffect(() => {
    if (advanceIn === null) return;
    const timer = window.setTimeout(advance, advanceIn);
    return () => window.clearTimeout(timer);
  }, [advanceIn, advance]);

  useEffect(() => {
    if (!started) return;
    for (const part of [Paywall, ResultDialog]) void part.preload().catch(() => undefined);
  }, [started]);

  const { mutate: postAttempt } = createAttempt;
  const isPractice = Boolean(practice);
  const practiceMode = practice?.mode;
  useEffect(() => {
    // A practice run of one's mistakes is not an exam: it is neither stored nor graded on the server.
    // A topic (or review) run is stored with its mode.
    if ((isPractice && !practiceMode) || !finished || !signedIn || attemptSent.current || answers.current.length === 0) return;
    attemptSent.current = true;
    const sent = answers.current;
    const onError = (error: unknown) => console.warn('The exam attempt was not recorded', error);
    if (practiceMode) {
      postAttempt({ answers: sent, mode: practiceMode }, { onError, onSuccess: (outcome) => setKeptOffline(!outcome.recorded) });
      return;
    }
    // After the run's last save, since recording the attempt removes the run. Finished offline (or the
    // send failed on the way), the attempt is kept on this device and sent when the connection returns,
    // so this browser's copy of the run is dropped (the next visit must not take the exam up again).
    // Refused, the finished run is kept, so the next visit shows the result and sends it again.
    void runSaved().then(() =>
      postAttempt(sent, {
        onSuccess: (outcome) => {
          if (outcome.recorded) return;
          clearLocalRun();
          setKeptOffline(true);
        },
        onError: (error) => {
          onError(error);
          saveRun({ ...seedOf(draw), position: sent.length, answers: sent });
        },
      }),
    );
  }, [isPractice, practiceMode, finished, signedIn, postAttempt, runSaved, saveRun, draw]);

  if (!practice && (questions.isPending || resumePhase === 'loading' || resumePhase === 'found')) return <ExamSkeleton />;
  if (!practice && questions.isError) return <ErrorState message={t('loadError')} retryLabel={t('retry')} onRetry={() => void questions.refetch()} />;

  const number = Math.min(index + 1, total);
  const submit = () => {
    if (!question || !selected || phase !== 'choosing') return;
    answers.current.push({ question_id: question.question_id, answer_id: selected });
    recordAnswer(question.question_id, selected);
    setResumedAt(null);
    // Kept after each answer, never waited for; the last one is the attempt's (which ends the run).
    if (index + 1 < total) saveRun({ ...seedOf(draw), position: index + 1, answers: [...answers.current] });
    if (gradeAnswer(question, selected) === 'right') {
      setPhase('correct');
      setScore((s) => s + 1);
      setAdvanceIn(CORRECT_DELAY_MS);
    } else {
      setPhase('wrong');
      setWrong((w) => [...w, { question, answerId: selected, number }]);
    }
  };

  const startOver = () => {
    resume.clear();
    answers.current = [];
    attemptSent.current = false;
    setKeptOffline(false);
    setIndex(0);
    setScore(0);
    setWrong([]);
    setSelected(null);
    setPhase('choosing');
    setAdvanceIn(null);
    setFinished(false);
    setResumedAt(null);
    setStarted(false);
    setDraw({ seed: randomExamSeed() });
  };

  const ru = lang === 'ru';
  return (
    <div className="flex flex-col gap-4">
      {resumedAt !== null && !finished && <ResumeNotice question={resumedAt} onStartOver={startOver} />}
      {!practice && <IntroDialog open={!started} total={total} passAbove={EXAM_PASS_ABOVE} onStart={() => setStarted(true)} />}

      <div className={PROGRESS_BOX}>
        <div className="flex items-center justify-between gap-3 text-sm font-semibold">
          <span id="exam-progress-label" data-testid="exam-progress">
            {t('progress', { n: number, total })}
          </span>
          <span className="text-slate-600" data-testid="exam-score">
            {t('score', { score })}
          </span>
        </div>
        <Progress.Root
          value={number}
          max={total || 1}
          aria-labelledby="exam-progress-label"
          aria-valuetext={`${number}/${total}`}
          className="relative h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <Progress.Indicator className="h-full bg-taxi transition-[width] duration-300" style={{ width: `${total ? (number / total) * 100 : 0}%` }} />
        </Progress.Root>
      </div>

      {!question && !finished ? (
        <Suspense fallback={<Spinner label={t('common:loading')} className="py-16 text-slate-500" />}>
          <Paywall signedIn={signedIn} total={questions.data?.data.pool_size ?? total} />
        </Suspense>
      ) : question && !finished ? (
        <section aria-labelledby="question-text" className={QUESTION_CARD} data-topic={question.topic}>
          <div className="flex items-start justify-between gap-3">
            <h2 id="question-text" lang={lang} className="text-lg font-bold leading-snug text-asphalt sm:text-xl" data-testid="question-text">
              <span className="sr-only">{t('progress', { n: number, total })}: </span>
              {ru ? question.question_rus : question.question}
            </h2>
            {signedIn && (
              <div className="flex shrink-0 gap-2">
                <SaveButton question={question} saved={savedIds.has(question.question_id)} />
                <ReportButton questionId={question.question_id} reported={reportedIds.has(question.question_id)} />
              </div>
            )}
          </div>

          <QuestionMap map={question.map} />

          <div ref={answerGroup} role="radiogroup" aria-labelledby="question-text" className="flex flex-col gap-2" lang={lang}>
            {question.answers.map((answer) => {
              const isChosen = selected === answer.answer_id;
              const result =
                phase === 'correct' && isChosen
                  ? 'correct'
                  : phase === 'wrong' && answer.correct
                    ? 'correct'
                    : phase === 'wrong' && isChosen
                      ? 'wrong'
                      : isChosen
                        ? 'chosen'
                        : 'idle';
              return (
                <label
                  key={answer.answer_id}
                  data-result={result}
                  className={cn(
                    ANSWER,
                    'cursor-pointer transition-colors',
                    // An answer ticked before the app has loaded looks chosen at once (decision 0014).
                    result === 'idle' && 'border-slate-200 hover:border-slate-400 has-[:checked]:border-asphalt has-[:checked]:bg-taxi-soft',
                    result === 'chosen' && 'border-asphalt bg-taxi-soft',
                    result === 'correct' && 'border-success bg-success/10 text-success-text',
                    result === 'wrong' && 'border-danger bg-danger/10 text-danger-text',
                    phase !== 'choosing' && 'cursor-default',
                  )}
                >
                  <input
                    type="radio"
                    name={`answer-${question.question_id}`}
                    value={answer.answer_id}
                    checked={isChosen}
                    disabled={phase !== 'choosing'}
                    onChange={() => setSelected(answer.answer_id)}
                    className="size-5 shrink-0 accent-asphalt"
                  />
                  <span className="flex-1 font-medium text-asphalt">{ru ? answer.answer_rus : answer.answer}</span>
                  {result === 'correct' && <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-success" />}
                  {result === 'wrong' && <XCircle aria-hidden="true" className="size-6 shrink-0 text-danger" />}
                </label>
              );
            })}
          </div>

          <div aria-live="polite">
            {phase === 'correct' && <p className="font-semibold text-success-text">{t('correct')}</p>}
            {phase === 'wrong' && (
              <div className="flex flex-col gap-2 rounded-xl bg-slate-100 p-4" data-testid="explanation">
                <p className="font-semibold text-danger-text">{t('wrong')}</p>
                <p className="flex gap-2 text-slate-800" lang={lang}>
                  <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-info" />
                  <span>
                    <span className="font-semibold">{t('explanation')}: </span>
                    {ru ? question.explanation_rus : question.explanation}
                  </span>
                </p>
              </div>
            )}
          </div>
        </section>
      ) : null}

      {/* Within thumb reach: stuck to the bottom of the screen on phones, under the question on larger screens.
          On the narrowest phones (320 px) the buttons have less padding, so they fit beside the language switch. */}
      <div className={BOTTOM_BAR}>
        <LanguageSwitch lang={lang} onChange={setLang} />
        {question &&
          !finished &&
          (phase === 'wrong' ? (
            <Button size="lg" onClick={() => setAdvanceIn(NEXT_DELAY_MS)} disabled={advanceIn !== null} className="max-[359px]:px-4">
              {t('next')}
            </Button>
          ) : (
            <Button size="lg" onClick={submit} disabled={!selected || phase !== 'choosing'} className="max-[359px]:px-4">
              {t('submit')}
            </Button>
          ))}
      </div>

      {finished && (
        <Suspense fallback={null}>
          <ResultDialog score={score} total={total} wrong={wrong} lang={lang} onPracticeAgain={practice?.onRestart} keptOffline={keptOffline} />
        </Suspense>
      )}
    </div>
  );
}
