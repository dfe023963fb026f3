import { Suspense } from 'react';
import type { MyRentalsProps } from './my-rentals';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@/components/ui/lazy';
import { Spinner } from '@/components/ui/spinner';

/** "My rentals" is a chunk of its own, loaded when its tab opens. */
const MyRentals = lazyNamed(() => import('./my-rentals'), 'MyRentals');

export function LazyMyRentals(props: MyRentalsProps) {
  const { t } = useTranslation('rentals');
  return (
    <Suspense fallback={<Spinner label={t('loading')} className="text-slate-600" />}>
      <MyRentals {...props} />
    </Suspense>
  );
}
