import { Tabs } from 'radix-ui';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { ExamReports } from '@/features/admin/components/exam-reports';
import { PromoCodes } from '@/features/admin/components/promo-codes';
import { RequireSession } from './require-session';

const TAB =
  'border-b-2 border-transparent px-4 py-2.5 font-semibold text-slate-600 hover:text-asphalt ' +
  'data-[state=active]:border-asphalt data-[state=active]:text-asphalt';

/** Staff exam console: reported questions (edit, resolve) and promo codes. ?tab=promo opens the second tab. */
export function AdminExamRoute() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'promo' ? 'promo' : 'reports';
  return (
    <RequireSession staff>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('exam.title')} · Medallion`}</title>
        <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-info underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('title')}
        </Link>
        <h1 className="text-3xl font-extrabold">{t('exam.title')}</h1>
        <Tabs.Root
          value={tab}
          onValueChange={(next) => setParams(next === 'promo' ? { tab: 'promo' } : {}, { replace: true })}
          className="flex flex-col gap-5"
        >
          <Tabs.List aria-label={t('exam.title')} className="flex gap-2 border-b border-slate-200">
            <Tabs.Trigger value="reports" className={TAB}>
              {t('exam.reportsTab')}
            </Tabs.Trigger>
            <Tabs.Trigger value="promo" className={TAB}>
              {t('promo.title')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="reports" className="focus:outline-none">
            <ExamReports />
          </Tabs.Content>
          <Tabs.Content value="promo" className="focus:outline-none">
            <PromoCodes />
          </Tabs.Content>
        </Tabs.Root>
      </Container>
    </RequireSession>
  );
}
