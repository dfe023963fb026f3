import { BookmarkX, CarFront, CreditCard, Heart, Megaphone, MessagesSquare, Package, ShieldCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';

export const DASHBOARD_TABS = ['settings', 'security', 'ads', 'rentals', 'messages', 'favorites', 'saved', 'orders'] as const;
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
 * Settings, Security (signed-in browsers), Marketplace ads, Messages, Saved listings (and searches), Saved questions, Orders; the open tab lives in ?tab= so it survives reloads and
 * links. The route composes each tab's content from its feature; a tab given none shows its empty state.
 */
export function DashboardTabs({
  settings,
  settingsExtra,
  security,
  ads,
  rentals,
  favorites,
  saved,
  orders,
  messages,
  unread = {},
}: {
  settings?: ReactNode;
  /** Shown under the payment cards (e.g. the account section). */
  settingsExtra?: ReactNode;
  /** Signed-in browsers (and, later, two-factor sign-in and passkeys). */
  security?: ReactNode;
  ads?: ReactNode;
  /** "My rentals": requests, upcoming, active and past rentals (issue #32). */
  rentals?: ReactNode;
  /** Saved listings and saved searches. */
  favorites?: ReactNode;
  saved?: ReactNode;
  /** The shop's past orders. */
  orders?: ReactNode;
  /** Conversations with owners and drivers about listings. */
  messages?: ReactNode;
  /** Unread items of a tab (the Messages tab's unread conversations), shown as a badge on it. */
  unread?: Partial<Record<DashboardTab, number>>;
}) {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const trigger = 'min-h-11 rounded-lg px-3 text-sm font-semibold leading-tight transition-colors xl:px-5 xl:text-base';
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setParams(value === 'settings' ? {} : { tab: value }, { replace: true })}>
      {/* Eight tabs: rows of two on a phone, of four up to xl, one row from xl. */}
      <Tabs.List aria-label={t('tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1 sm:grid-cols-4 xl:flex">
        {DASHBOARD_TABS.map((value) => {
          const label = t(`tabs.${value}`);
          const count = unread[value] ?? 0;
          return (
            <Tabs.Trigger
              key={value}
              value={value}
              // The badge's number alone would say nothing to a screen reader: the tab's name says it ("Messages, 2 unread").
              aria-label={count > 0 ? t('unreadTab', { tab: label, n: count }) : undefined}
              className={cn(trigger, 'text-slate-700 data-[state=active]:bg-white data-[state=active]:text-asphalt data-[state=active]:shadow-sm')}
            >
              {label}
              {count > 0 && (
                <span
                  aria-hidden="true"
                  data-testid="tab-unread"
                  className="ml-1.5 inline-block min-w-5 rounded-full bg-taxi px-1.5 py-0.5 text-center text-xs font-bold leading-none text-asphalt"
                >
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      <Tabs.Content value="settings" className="mt-6 flex flex-col gap-6 focus:outline-none">
        {settings ?? <EmptyTab Icon={CreditCard} text={t('empty.settings')} />}
        {settingsExtra}
      </Tabs.Content>
      <Tabs.Content value="security" className="mt-6 focus:outline-none">
        <h2 className="sr-only">{t('tabs.security')}</h2>
        {security ?? <EmptyTab Icon={ShieldCheck} text={t('empty.security')} />}
      </Tabs.Content>
      <Tabs.Content value="ads" className="mt-6 focus:outline-none">
        <h2 className="sr-only">{t('tabs.ads')}</h2>
        {ads ?? <EmptyTab Icon={Megaphone} text={t('empty.ads')} />}
      </Tabs.Content>
      <Tabs.Content value="rentals" className="mt-6 focus:outline-none">
        <h2 className="sr-only">{t('tabs.rentals')}</h2>
        {rentals ?? <EmptyTab Icon={CarFront} text={t('empty.rentals')} />}
      </Tabs.Content>
      <Tabs.Content value="messages" className="mt-6 focus:outline-none">
        <h2 className="sr-only">{t('tabs.messages')}</h2>
        {messages ?? <EmptyTab Icon={MessagesSquare} text={t('empty.messages')} />}
      </Tabs.Content>
      <Tabs.Content value="favorites" className="mt-6 focus:outline-none">
        {favorites ?? <EmptyTab Icon={Heart} text={t('empty.favorites')} />}
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
