import { CheckCircle2, ChevronLeft, ChevronRight, Flag, SearchX, Target, Users } from 'lucide-react';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { EXAM_TOPICS, type ExamQuestion, type ExamTopic } from '@medallion/contracts/exam';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import type { ExamQuestionStat } from '@medallion/contracts/admin';
import { useAdminExamQuestions, useExamQuestionStats } from '@/lib/queries/admin';
import { cn } from '@/lib/cn';
import { QuestionEditor } from './question-editor';
import { errorText } from '@/lib/error-text';

/** 80 questions: four short pages rather than one long scroll of editors. */
const PAGE_SIZE = 20;

/** Lower case, without accents or ё, so "ежедневно" finds "ЕЖЕДНЕВНО" and "cafe" finds "café". */
const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ё/g, 'е');

/** Everything staff may look for in a question: id, number, texts, answers, explanation and source, in both languages. */
function haystack(q: ExamQuestion): string {
  return fold(
    [
      q.question_id,
      `#${q.position}`,
      q.question,
      q.question_rus,
      ...q.answers.flatMap((a) => [a.answer, a.answer_rus]),
      q.explanation,
      q.explanation_rus,
      q.source,
    ].join('\n'),
  );
}

/** How the list is ordered: exam order, the lowest share of right first tries first, or the most reports first. */
const SORTS = ['order', 'right', 'reports'] as const;
type Sort = (typeof SORTS)[number];

/** Share of right first tries, 0-100, or null before anyone answered. */
const rightPercent = (s: ExamQuestionStat | undefined) => (s && s.answered > 0 ? Math.round((s.correct / s.answered) * 100) : null);

/** Below this share of right first tries a question is marked: perhaps it is unclear, or its answer wrong. */
const LOW_RIGHT_PERCENT = 50;

function sortQuestions(list: ExamQuestion[], sort: Sort, stats: Map<string, ExamQuestionStat>): ExamQuestion[] {
  if (sort === 'order') return list;
  const byPosition = (a: ExamQuestion, b: ExamQuestion) => a.position - b.position;
  if (sort === 'reports') {
    return [...list].sort((a, b) => {
      const sa = stats.get(a.question_id);
      const sb = stats.get(b.question_id);
      return (sb?.open_reports ?? 0) - (sa?.open_reports ?? 0) || (sb?.total_reports ?? 0) - (sa?.total_reports ?? 0) || byPosition(a, b);
    });
  }
  // Lowest share first; questions nobody has answered yet last (nothing to judge them by).
  return [...list].sort((a, b) => {
    const pa = rightPercent(stats.get(a.question_id));
    const pb = rightPercent(stats.get(b.question_id));
    if (pa === null || pb === null) return pa === pb ? byPosition(a, b) : pa === null ? 1 : -1;
    return pa - pb || (stats.get(b.question_id)?.answered ?? 0) - (stats.get(a.question_id)?.answered ?? 0) || byPosition(a, b);
  });
}

/** A question's numbers for staff: first tries, the share right, and its reports (open of total). */
function QuestionStats({ stat }: { stat: ExamQuestionStat | undefined }) {
  const { t } = useTranslation('admin');
  const percent = rightPercent(stat);
  const item = 'flex items-center gap-1.5 rounded-lg bg-slate-100 px-2.5 py-1';
  return (
    <dl className="flex flex-wrap gap-2 text-sm text-slate-700" data-testid="question-stats">
      <div className={item}>
        <Users aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <dt>{t('exam.stats.answered')}</dt>
        <dd className="font-semibold text-asphalt">{stat ? stat.answered : '–'}</dd>
      </div>
      <div className={cn(item, percent !== null && percent < LOW_RIGHT_PERCENT && 'bg-danger/10 text-danger-text')}>
        <Target aria-hidden="true" className="size-4 shrink-0" />
        <dt>{t('exam.stats.right')}</dt>
        <dd className="font-semibold" data-testid="question-right">
          {percent === null ? t('exam.stats.noAnswers') : t('exam.stats.percent', { percent })}
        </dd>
      </div>
      <div className={cn(item, (stat?.open_reports ?? 0) > 0 && 'bg-taxi-soft text-asphalt')}>
        <Flag aria-hidden="true" className="size-4 shrink-0" />
        <dt>{t('exam.stats.reports')}</dt>
        <dd className="font-semibold" data-testid="question-reports">
          {stat ? t('exam.stats.reportsValue', { open: stat.open_reports, total: stat.total_reports }) : '–'}
        </dd>
      </div>
    </dl>
  );
}

function QuestionRow({ question, stat }: { question: ExamQuestion; stat: ExamQuestionStat | undefined }) {
  const { t } = useTranslation('admin');
  const correct = question.answers.find((a) => a.correct);
  const headingId = `all-q-${question.question_id}`;
  return (
    <li
      data-testid="admin-question"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-bold text-asphalt">{t('exam.questionN', { n: question.position })}</span>
          <span className="text-slate-600">
            {question.question_id} · {t(`exam.topics.${question.topic}`)}
          </span>
        </h2>
        <p className="break-words font-semibold text-asphalt" lang="en">
          {question.question}
        </p>
        <p className="break-words text-sm text-slate-600" lang="ru">
          {question.question_rus}
        </p>
        {correct && (
          <p className="flex items-start gap-1.5 text-sm text-success-text" lang="en">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">
              <span className="sr-only">{t('exam.correct')}: </span>
              {correct.answer}
            </span>
          </p>
        )}
        <div className="pt-1">
          <QuestionStats stat={stat} />
        </div>
      </div>
      <div className="shrink-0 self-end sm:self-start">
        <QuestionEditor question={question} />
      </div>
    </li>
  );
}

/** "All questions": every exam question, searchable and filterable by topic, each one editable. */
export function ExamQuestions() {
  const { t } = useTranslation('admin');
  const questions = useAdminExamQuestions();
  const stats = useExamQuestionStats();
  const [sort, setSort] = useState<Sort>('order');
  const [search, setSearch] = useState('');
  const [topic, setTopic] = useState<ExamTopic | 'all'>('all');
  const [page, setPage] = useState(0);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const deferredSearch = useDeferredValue(search);

  const indexed = useMemo(() => (questions.data ?? []).map((q) => ({ q, text: haystack(q) })), [questions.data]);
  const matches = useMemo(() => {
    const terms = fold(deferredSearch).split(/\s+/).filter(Boolean);
    return indexed.filter(({ q, text }) => (topic === 'all' || q.topic === topic) && terms.every((term) => text.includes(term))).map(({ q }) => q);
  }, [indexed, deferredSearch, topic]);
  const statsById = useMemo(() => new Map((stats.data ?? []).map((s) => [s.question_id, s])), [stats.data]);
  const sorted = useMemo(() => sortQuestions(matches, stats.data ? sort : 'order', statsById), [matches, sort, stats.data, statsById]);
  const topicCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const q of questions.data ?? []) counts.set(q.topic, (counts.get(q.topic) ?? 0) + 1);
    return counts;
  }, [questions.data]);

  if (questions.isPending) return <Spinner label={t('common:loading')} className="text-slate-500" />;
  if (questions.isError) return <ErrorState message={errorText(questions.error)} retryLabel={t('retry')} onRetry={() => void questions.refetch()} />;

  const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = sorted.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const goTo = (next: number) => {
    setPage(next);
    // The new page starts at the top: take the reader (and the focus) there.
    summaryRef.current?.focus();
    summaryRef.current?.scrollIntoView({ block: 'start' });
  };
  const clear = () => {
    setSearch('');
    setTopic('all');
    setSort('order');
    setPage(0);
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="search" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-[1fr_13rem_13rem]">
        <TextField
          label={t('exam.search')}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          placeholder={t('exam.searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
        />
        <SelectField
          label={t('exam.topic')}
          value={topic}
          onChange={(e) => {
            setTopic(e.target.value as ExamTopic | 'all');
            setPage(0);
          }}
        >
          <option value="all">{t('exam.allTopics', { count: questions.data.length })}</option>
          {EXAM_TOPICS.map((value) => (
            <option key={value} value={value}>
              {t('exam.topicCount', { topic: t(`exam.topics.${value}`), count: topicCounts.get(value) ?? 0 })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('exam.sort')}
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as Sort);
            setPage(0);
          }}
        >
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`exam.sorts.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>

      <p ref={summaryRef} tabIndex={-1} aria-live="polite" className="scroll-mt-24 text-slate-600 focus:outline-none" data-testid="admin-questions-summary">
        {matches.length === 0
          ? t('exam.noMatch')
          : t('exam.listSummary', { from: current * PAGE_SIZE + 1, to: current * PAGE_SIZE + shown.length, count: matches.length })}
      </p>

      {matches.length === 0 ? (
        <EmptyState icon={SearchX}>
          <Button variant="outline" onClick={clear}>
            {t('exam.clearFilters')}
          </Button>
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('exam.allTab')}>
          {shown.map((q) => (
            <QuestionRow key={q.question_id} question={q} stat={statsById.get(q.question_id)} />
          ))}
        </ol>
      )}

      {pages > 1 && (
        <nav aria-label={t('exam.pages')} className="flex items-center justify-between gap-3">
          <Button variant="outline" disabled={current === 0} onClick={() => goTo(current - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            {t('exam.prevPage')}
          </Button>
          <span className="text-sm font-semibold text-slate-700">{t('exam.pageN', { n: current + 1, count: pages })}</span>
          <Button variant="outline" disabled={current >= pages - 1} onClick={() => goTo(current + 1)}>
            {t('exam.nextPage')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      )}
    </div>
  );
}
