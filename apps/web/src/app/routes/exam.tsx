import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { useSession } from '@/lib/queries/auth';
import { ExamRunner } from '@/features/exam/components/exam-runner';
import { PracticeExam } from '@/features/exam/components/practice-exam';
import { PageLoader } from '../layout/app-layout';
import { PageHead } from '@/components/ui/page-head';

/** /exam: the 80-question practice exam; /exam?practice={attemptId} runs only that attempt's mistakes. */
export function ExamRoute() {
  const { t } = useTranslation('exam');
  const session = useSession();
  const [params] = useSearchParams();
  const practice = params.get('practice')?.trim();
  const signedIn = Boolean(session.data?.user);
  return (
    <Container width="narrow" className="flex flex-col gap-4 py-6 sm:py-10">
      <PageHead title={practice ? t('practice.pageTitle') : t('title')} description={t('metaDescription')} noIndex={Boolean(practice)} />
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t('title')}</h1>
      {session.isPending ? (
        <PageLoader />
      ) : practice ? (
        <PracticeExam key={practice} attemptId={practice} signedIn={signedIn} />
      ) : (
        <ExamRunner signedIn={signedIn} />
      )}
    </Container>
  );
}
