import { CheckCircle2, CloudOff, RotateCcw, Target, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogCard, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Link } from 'react-router';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { EXAM_PASS_ABOVE, passesExam } from '@medallion/contracts/exam-constants';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { QuestionMap } from './question-map';

export interface WrongAnswer {
  question: ExamQuestion;
  answerId: string;
  /** The question's number in the run (its place in the drawn exam, not its place in the pool). */
  number: number;
}

/**
 * The end of the exam: "Congratulations!" above the pass mark, else "Exam failed!", and what to review.
 * After a practice run (onPracticeAgain set) there is no pass mark: "N of M right", again or done.
 */
export function ResultDialog({
  score,
  total,
  wrong,
  lang,
  onPracticeAgain,
  keptOffline = false,
}: {
  score: number;
  total: number;
  wrong: WrongAnswer[];
  lang: 'en' | 'ru';
  onPracticeAgain?: () => void;
  /** The result could not reach the server yet: it is kept on this device and sent when back online. */
  keptOffline?: boolean;
}) {
  const { t } = useTranslation('exam');
  const practice = Boolean(onPracticeAgain);
  const passed = practice ? score === total : passesExam(score);
  const ru = lang === 'ru';
  return (
    <Dialog open>
      <DialogCard
        width="lg"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        className="flex flex-col gap-4 p-5 sm:p-6"
      >
        <div className="flex flex-col items-center gap-2 text-center">
          {passed ? (
            <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
          ) : practice ? (
            <Target aria-hidden="true" className="size-14 text-asphalt" />
          ) : (
            <XCircle aria-hidden="true" className="size-14 text-danger" />
          )}
          <DialogTitle className={cn('text-2xl font-extrabold', passed ? 'text-success-text' : practice ? 'text-asphalt' : 'text-danger-text')}>
            {practice ? t('practice.doneTitle') : passed ? t('result.passed') : t('result.failed')}
          </DialogTitle>
          <DialogDescription className="text-lg font-semibold text-asphalt">
            {practice ? t('practice.score', { score, total }) : t('result.score', { score, total })}
          </DialogDescription>
          {!practice && !passed && <p className="text-sm text-slate-600">{t('result.passRule', { pass: EXAM_PASS_ABOVE })}</p>}
          {keptOffline && (
            <p role="status" data-testid="result-kept-offline" className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
              <CloudOff aria-hidden="true" className="size-4 shrink-0" />
              {t('result.keptOffline')}
            </p>
          )}
        </div>
        <section aria-labelledby="review-title" className="flex min-h-0 flex-col gap-2">
          <h3 id="review-title" className="font-bold">
            {t('result.review')}
          </h3>
          {wrong.length === 0 ? (
            <p className="text-slate-600">{t('result.allCorrect')}</p>
          ) : (
            <ol className="flex min-h-0 flex-col gap-3 overflow-y-auto pr-1" data-testid="review-list">
              {wrong.map(({ question, answerId, number }) => {
                const chosen = question.answers.find((a) => a.answer_id === answerId);
                const right = question.answers.find((a) => a.correct);
                return (
                  <li key={question.question_id} className="rounded-xl border border-slate-200 p-3 text-sm">
                    <p className="font-semibold text-asphalt">
                      {number}. {ru ? question.question_rus : question.question}
                    </p>
                    <QuestionMap map={question.map} compact />
                    {chosen && <p className="mt-1 text-danger-text">{t('result.yourAnswer', { answer: ru ? chosen.answer_rus : chosen.answer })}</p>}
                    {right && <p className="text-success-text">{t('result.correctAnswer', { answer: ru ? right.answer_rus : right.answer })}</p>}
                    <p className="mt-1 text-slate-700">{ru ? question.explanation_rus : question.explanation}</p>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
        {onPracticeAgain ? (
          <div className="flex shrink-0 flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" size="lg" className="w-full sm:flex-1" onClick={onPracticeAgain}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('practice.again')}
            </Button>
            <Link to="/dashboard?tab=saved" className={cn(buttonClasses('primary', 'lg'), 'w-full sm:flex-1')}>
              {t('practice.done')}
            </Link>
          </div>
        ) : (
          <Link to="/" className={cn(buttonClasses('primary', 'lg'), 'w-full shrink-0')}>
            {t('result.continue')}
          </Link>
        )}
      </DialogCard>
    </Dialog>
  );
}
