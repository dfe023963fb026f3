import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, SetupReturnTarget } from '@medallion/contracts/payments';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { usePaymentMethods } from '@/lib/queries/payments';
import { AddCardDialog } from './add-card-dialog';
import { brandName, CardBrandLogo } from './card-brand-logo';
import { errorText } from '@/lib/error-text';

interface Props {
  /** Where to come back after adding a card. */
  from: SetupReturnTarget;
  listingId?: string;
  /** More of the return address (a rental's pay page: `rentalId`, `week`). */
  returnParams?: Record<string, string>;
  /** Checkout pages: choose the card to pay with. */
  selectedId?: string | null;
  onSelect?: (id: string) => void;
}

function CardLine({ card }: { card: PaymentMethod }) {
  const { t } = useTranslation('payments');
  return (
    <span className="flex min-w-0 items-center gap-3">
      <CardBrandLogo brand={card.brand} />
      <span className="min-w-0">
        <span className="block font-semibold text-asphalt">
          {brandName(card.brand)} •••• {card.last4}
        </span>
        <span className="block text-sm text-slate-600">{t('expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}</span>
      </span>
    </span>
  );
}

/** The saved cards with "Add payment method": the dashboard, /checkout, /cart and /exam-checkout use it. */
export function PaymentMethods({ from, listingId, returnParams, selectedId, onSelect }: Props) {
  const { t } = useTranslation('payments');
  const methods = usePaymentMethods();
  return (
    <section aria-labelledby="payment-methods-title" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-methods-title" className="text-xl font-bold">
          {t('title')}
        </h2>
        <AddCardDialog from={from} listingId={listingId} returnParams={returnParams} />
      </div>
      {methods.isPending ? (
        <Spinner label={t('common:loading')} className="text-slate-500" />
      ) : methods.isError ? (
        <ErrorState message={errorText(methods.error)} retryLabel={t('retry')} onRetry={() => void methods.refetch()} />
      ) : methods.data.data.length === 0 ? (
        <p className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">
          <CreditCard aria-hidden="true" className="size-6" />
          {t('empty')}
        </p>
      ) : onSelect ? (
        <div role="radiogroup" aria-label={t('choose')} className="flex flex-col gap-2">
          {methods.data.data.map((card) => (
            <label
              key={card.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border p-3',
                selectedId === card.id ? 'border-asphalt bg-taxi-soft' : 'border-slate-200 hover:border-slate-400',
              )}
            >
              <input type="radio" name="payment-method" className="size-5 accent-asphalt" checked={selectedId === card.id} onChange={() => onSelect(card.id)} />
              <CardLine card={card} />
            </label>
          ))}
        </div>
      ) : (
        <ul className="flex flex-col gap-2">
          {methods.data.data.map((card) => (
            <li key={card.id} className="rounded-xl border border-slate-200 p-3">
              <CardLine card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
