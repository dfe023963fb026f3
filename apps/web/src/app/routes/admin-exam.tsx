import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExamQuestions } from '@/features/admin/components/exam-questions';
import { ExamReports } from '@/features/admin/components/exam-reports';
import { ExamSettingsCard } from '@/features/admin/components/exam-settings';
import { PromoCodes } from '@/features/admin/components/promo-codes';
import { AdminPage } from './admin-page';

const TAB =
  'border-b-2 border-transparent px-2 py-2.5 text-sm font-semibold text-slate-600 hover:text-asphalt sm:px-4 sm:text-base ' +
  'data-[state=active]:border-asphalt data-[state=active]:text-asphalt';

const TABS = ['reports', 'questions', 'promo'] as const;
type Tab = (typeof TABS)[number];

/**
 * Staff exam console: reported questions (edit, resolve), all questions (find and edit any) and promo
 * codes. ?tab=questions and ?tab=promo open the other tabs.
 */
export function AdminExamRoute() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((x) => x === asked) ?? 'reports';
  return (
    <AdminPage title={t('exam.title')} back={t('title')}>
      <ExamSettingsCard />
      <Tabs.Root value={tab} onValueChange={(next) => setParams(next === 'reports' ? {} : { tab: next }, { replace: true })} className="flex flex-col gap-5">
        <Tabs.List aria-label={t('exam.title')} className="grid grid-cols-3 border-b border-slate-200 sm:flex sm:gap-2">
          <Tabs.Trigger value="reports" className={TAB}>
            {t('exam.reportsTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="questions" className={TAB}>
            {t('exam.allTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="promo" className={TAB}>
            {t('promo.title')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="reports" className="focus:outline-none">
          <ExamReports />
        </Tabs.Content>
        <Tabs.Content value="questions" className="focus:outline-none">
          <ExamQuestions />
        </Tabs.Content>
        <Tabs.Content value="promo" className="focus:outline-none">
          <PromoCodes />
        </Tabs.Content>
      </Tabs.Root>
    </AdminPage>
  );
}
