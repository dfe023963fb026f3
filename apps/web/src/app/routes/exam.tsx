import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { useSession } from '@/features/auth/api/get-session';
import { ExamRunner } from '@/features/exam/components/exam-runner';
import { PageLoader } from '../layout/app-layout';

export function ExamRoute() {
  const { t } = useTranslation('exam');
  const session = useSession();
  return (
    <Container width="narrow" className="flex flex-col gap-4 py-6 sm:py-10">
      <title>{`${t('title')} · Medallion`}</title>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t('title')}</h1>
      {session.isPending ? <PageLoader /> : <ExamRunner signedIn={Boolean(session.data?.user)} />}
    </Container>
  );
}
