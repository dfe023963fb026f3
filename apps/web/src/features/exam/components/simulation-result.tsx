import { CheckCircle2, Info, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAM_TOPICS, type ExamQuestion, type ExamSimulationResult } from '@medallion/contracts/exam';
import { EXAM_PASS_ABOVE, EXAM_PASS_RATE } from '@medallion/contracts/exam-constants';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { LanguageSwitch } from './exam-runner';
import { QuestionMap } from './question-map';

/** The time used, as "42 min 5 s" in the page's language. */
function Duration({ seconds }: { seconds: number }) {
  const { t } = useTranslation('exam');
  return <>{t('timed.duration', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })}</>;
}

/**
 * The graded simulation (the server's result): pass or fail by the spec's rule, the time used, the
 * result per topic, and every question with the chosen and the right answer and the explanation
 * ("only wrong" filters the list).
 */
export function SimulationResult({ result, bank, onAgain }: { result: ExamSimulationResult; bank: Map<string, ExamQuestion>; onAgain: () => void }) {
  const { t, i18n } = useTranslation('exam');
  const [lang, setLang] = useState<'en' | 'ru'>(i18n.language === 'ru' ? 'ru' : 'en');
  const [onlyWrong, setOnlyWrong] = useState(false);
  const filterId = useId();
  // The result replaces the run: its title is read and shown first (the run may have been scrolled down).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);
  const { attempt } = result;
  const ru = lang === 'ru';
  const items = result.review.map((r, i) => ({ ...r, n: i + 1 })).filter((r) => !onlyWrong || !r.correct);
  const topics = EXAM_TOPICS.filter((topic) => attempt.per_topic[topic]);
  return (
    <div className="flex flex-col gap-4" data-testid="simulation-result">
      <section
        aria-labelledby="sim-result-title"
        className="flex flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-center sm:p-8"
      >
        {attempt.passed ? <CheckCircle2 aria-hidden="true" className="size-14 text-success" /> : <XCircle aria-hidden="true" className="size-14 text-danger" />}
        <h2
          id="sim-result-title"
          ref={title}
          tabIndex={-1}
          className={cn('text-2xl font-extrabold outline-none', attempt.passed ? 'text-success-text' : 'text-danger-text')}
        >
          {attempt.passed ? t('result.passed') : t('result.failed')}
        </h2>
        <p className="text-lg font-semibold text-asphalt" data-testid="simulation-score">
          {t('result.score', { score: attempt.score, total: attempt.total })}
        </p>
        {!attempt.passed && <p className="text-sm text-slate-600">{t('result.passRule', { pass: EXAM_PASS_ABOVE })}</p>}
        <p className="text-sm text-slate-600">
          {t('timed.timeUsed')}: <Duration seconds={result.duration_seconds} />
        </p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button onClick={onAgain}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('timed.again')}
          </Button>
          <Link to="/exam" className={buttonClasses('outline', 'md')}>
            {t('practice.fullExam')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="sim-topics-title" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h3 id="sim-topics-title" className="text-lg font-bold">
          {t('timed.byTopic')}
        </h3>
        <table className="w-full text-left text-sm" data-testid="topic-results">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1.5 font-semibold">
                {t('timed.topic')}
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                {t('timed.correctOfTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {topics.map((topic) => {
              const r = attempt.per_topic[topic]!;
              const share = r.total ? r.correct / r.total : 0;
              return (
                <tr key={topic} className="border-t border-slate-100" data-topic={topic}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {t(`topics.${topic}`)}
                    <span aria-hidden="true" className="mt-1 block h-1.5 max-w-48 overflow-hidden rounded-full bg-slate-200">
                      <span className={cn('block h-full', share >= EXAM_PASS_RATE ? 'bg-success' : 'bg-taxi')} style={{ width: `${share * 100}%` }} />
                    </span>
                  </th>
                  <td className="py-2 text-right font-semibold tabular-nums">{t('attempts.scoreValue', { score: r.correct, total: r.total })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="sim-review-title" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="sim-review-title" className="text-lg font-bold">
            {t('timed.reviewTitle')}
          </h3>
          <LanguageSwitch lang={lang} onChange={setLang} />
        </div>
        <label htmlFor={filterId} className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
          <input id={filterId} type="checkbox" checked={onlyWrong} onChange={(e) => setOnlyWrong(e.target.checked)} className="size-5 accent-asphalt" />
          {t('timed.onlyWrong', { count: result.review.filter((r) => !r.correct).length })}
        </label>
        {items.length === 0 ? (
          <p className="text-slate-600">{t('result.allCorrect')}</p>
        ) : (
          <ol className="flex flex-col gap-3" data-testid="review-list" lang={lang}>
            {items.map((item) => {
              const question = bank.get(item.question_id);
              if (!question) return null;
              const chosen = question.answers.find((a) => a.answer_id === item.chosen_answer_id);
              const right = question.answers.find((a) => a.answer_id === item.correct_answer_id);
              return (
                <li
                  key={item.question_id}
                  data-testid="review-item"
                  data-correct={item.correct}
                  data-topic={item.topic}
                  className={cn(
                    'rounded-xl border-l-4 border-y border-r p-3 text-sm',
                    item.correct ? 'border-l-success border-slate-200' : 'border-l-danger border-slate-200',
                  )}
                >
                  <p className="flex items-start gap-2 font-semibold text-asphalt">
                    {item.correct ? (
                      <CheckCircle2 role="img" aria-label={t('timed.right')} className="mt-0.5 size-4 shrink-0 text-success" />
                    ) : (
                      <XCircle role="img" aria-label={t('timed.wrongMark')} className="mt-0.5 size-4 shrink-0 text-danger" />
                    )}
                    <span>
                      {item.n}. {ru ? question.question_rus : question.question}
                    </span>
                  </p>
                  <QuestionMap map={question.map} compact />
                  <p className={cn('mt-1', item.correct ? 'text-success-text' : 'text-danger-text')}>
                    {chosen ? t('result.yourAnswer', { answer: ru ? chosen.answer_rus : chosen.answer }) : t('timed.notAnswered')}
                  </p>
                  {!item.correct && right && <p className="text-success-text">{t('result.correctAnswer', { answer: ru ? right.answer_rus : right.answer })}</p>}
                  <p className="mt-1 flex gap-2 text-slate-700">
                    <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
                    <span>{ru ? question.explanation_rus : question.explanation}</span>
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
