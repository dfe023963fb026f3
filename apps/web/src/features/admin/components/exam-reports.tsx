import { CheckCircle2, Flag, Inbox } from 'lucide-react';
import type { ExamReportsResponse } from '@medallion/contracts/admin';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useExamReports } from '@/lib/queries/admin';
import { useResolveExamReport } from '../api/exam-reports';
import { QuestionEditor } from './question-editor';
import { errorText } from '@/lib/error-text';

type Group = ExamReportsResponse['data'][number];
type Report = Group['reports'][number];

/** One language of the question: text, the four answers (the correct one marked) and the explanation. */
function QuestionText({ question, lang }: { question: ExamQuestion; lang: 'en' | 'ru' }) {
  const { t } = useTranslation('admin');
  const ru = lang === 'ru';
  return (
    <div lang={lang} className="flex min-w-0 flex-col gap-2 text-sm">
      <p className="text-xs font-bold uppercase tracking-wide text-slate-500">{ru ? t('exam.russian') : t('exam.english')}</p>
      <p className="font-semibold text-asphalt">{ru ? question.question_rus : question.question}</p>
      <ol className="flex flex-col gap-1">
        {question.answers.map((a, i) => (
          <li
            key={a.answer_id}
            className={cn('flex items-start gap-2 rounded-md px-2 py-1', a.correct ? 'bg-success/10 font-medium text-success-text' : 'text-slate-700')}
          >
            <span className={cn('w-4 shrink-0', !a.correct && 'text-slate-500')}>{String.fromCharCode(65 + i)}.</span>
            <span className="min-w-0 flex-1 break-words">{ru ? a.answer_rus : a.answer}</span>
            {a.correct && (
              <span className="inline-flex shrink-0 items-center gap-1 text-xs font-bold">
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t('exam.correct')}
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="whitespace-pre-wrap text-slate-600">
        <span className="font-semibold text-slate-700">{t('exam.explanation')}: </span>
        {ru ? question.explanation_rus : question.explanation}
      </p>
    </div>
  );
}

function ReportRow({ report, position }: { report: Report; position: number }) {
  const { t, i18n } = useTranslation('admin');
  const resolve = useResolveExamReport();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li data-testid="exam-report" className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-100 py-2.5 first:border-t-0">
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <div className="flex flex-wrap gap-1.5">
          {report.issues.map((issue) => (
            <span key={issue} className="rounded-full bg-taxi/30 px-2 py-0.5 text-xs font-semibold text-asphalt">
              {t(`exam.issues.${issue}`)}
            </span>
          ))}
        </div>
        {report.other_issue && <p className="whitespace-pre-wrap break-words">“{report.other_issue}”</p>}
        <p className="text-xs text-slate-600">
          <a href={`mailto:${report.reporter_email}`} className="text-info underline">
            {report.reporter_email}
          </a>{' '}
          · {date.format(new Date(report.created_at))}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={resolve.isPending}
        // The row leaves the list on success, so the toast does not wait for this component.
        onClick={() =>
          resolve.mutateAsync(report.report_id).then(
            () => toast.success(t('exam.resolved', { n: position })),
            (e: Error) => toast.error(errorText(e)),
          )
        }
      >
        {resolve.isPending ? <Spinner label={t('review.sending')} /> : <CheckCircle2 aria-hidden="true" className="size-4" />}
        {t('exam.resolve')}
      </Button>
    </li>
  );
}

function ReportGroup({ group }: { group: Group }) {
  const { t } = useTranslation('admin');
  const q = group.question;
  const headingId = `exam-q-${q.question_id}`;
  return (
    <article aria-labelledby={headingId} data-testid="exam-report-group" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold">
            {t('exam.questionN', { n: q.position })}
          </h2>
          <p className="text-sm text-slate-600">
            {q.question_id} · {t(`exam.topics.${q.topic}`)} · {t('exam.reportCount', { count: group.reports.length })}
          </p>
        </div>
        <QuestionEditor question={q} />
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <QuestionText question={q} lang="en" />
        <QuestionText question={q} lang="ru" />
      </div>
      <p className="break-words text-sm text-slate-600">
        <span className="font-semibold text-slate-700">{t('exam.source')}: </span>
        {q.source}
      </p>
      <section aria-label={t('exam.reportsOf', { n: q.position })} className="rounded-xl bg-slate-50 px-3 py-1">
        <ul>
          {group.reports.map((r) => (
            <ReportRow key={r.report_id} report={r} position={q.position} />
          ))}
        </ul>
      </section>
    </article>
  );
}

/** Open issue reports, grouped by question, the most reported first. */
export function ExamReports() {
  const { t } = useTranslation('admin');
  const reports = useExamReports();
  if (reports.isPending) return <Spinner label={t('common:loading')} className="text-slate-500" />;
  if (reports.isError) return <ErrorState message={errorText(reports.error)} retryLabel={t('retry')} onRetry={() => void reports.refetch()} />;
  const groups = reports.data.data;
  if (groups.length === 0) {
    return (
      <EmptyState icon={Inbox}>
        <p>{t('exam.empty')}</p>
      </EmptyState>
    );
  }
  const total = groups.reduce((n, g) => n + g.reports.length, 0);
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-1.5 text-slate-600">
        <Flag aria-hidden="true" className="size-4" />
        {t('exam.summary', { reports: total, questions: groups.length })}
      </p>
      {groups.map((g) => (
        <ReportGroup key={g.question.question_id} group={g} />
      ))}
    </div>
  );
}
