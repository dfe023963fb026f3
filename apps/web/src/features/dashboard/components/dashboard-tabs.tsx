import { BookmarkX, CreditCard, Megaphone, Package } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';

export const DASHBOARD_TABS = ['settings', 'ads', 'saved', 'orders'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function parseTab(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'settings';
}

function EmptyTab({ Icon, text }: { Icon: typeof CreditCard; text: string }) {
  return (
    <EmptyState icon={Icon}>
      <p>{text}</p>
    </EmptyState>
  );
}

/**
 * Settings, Marketplace ads, Saved questions, Orders; the open tab lives in ?tab= so it survives reloads and
 * links. The route composes each tab's content from its feature; a tab given none shows its empty state.
 */
export function DashboardTabs({
  settings,
  settingsExtra,
  ads,
  saved,
  orders,
}: {
  settings?: ReactNode;
  /** Shown under the payment cards (e.g. the account section). */
  settingsExtra?: ReactNode;
  ads?: ReactNode;
  saved?: ReactNode;
  /** The shop's past orders. */
  orders?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const trigger = 'min-h-11 rounded-lg px-3 text-sm font-semibold leading-tight transition-colors md:px-5 md:text-base';
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setParams(value === 'settings' ? {} : { tab: value }, { replace: true })}>
      {/* Four tabs do not fit one row on a phone (least of all in Russian): two rows of two until md. */}
      <Tabs.List aria-label={t('tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1 md:flex">
        {DASHBOARD_TABS.map((value) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className={cn(trigger, 'text-slate-700 data-[state=active]:bg-white data-[state=active]:text-asphalt data-[state=active]:shadow-sm')}
          >
            {t(`tabs.${value}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="settings" className="mt-6 flex flex-col gap-6 focus:outline-none">
        {settings ?? <EmptyTab Icon={CreditCard} text={t('empty.settings')} />}
        {settingsExtra}
      </Tabs.Content>
      <Tabs.Content value="ads" className="mt-6 focus:outline-none">
        <h2 className="sr-only">{t('tabs.ads')}</h2>
        {ads ?? <EmptyTab Icon={Megaphone} text={t('empty.ads')} />}
      </Tabs.Content>
      <Tabs.Content value="saved" className="mt-6 focus:outline-none">
        {saved ?? <EmptyTab Icon={BookmarkX} text={t('empty.saved')} />}
      </Tabs.Content>
      <Tabs.Content value="orders" className="mt-6 focus:outline-none">
        <h2 className="sr-only">{t('tabs.orders')}</h2>
        {orders ?? <EmptyTab Icon={Package} text={t('empty.orders')} />}
      </Tabs.Content>
    </Tabs.Root>
  );
}
