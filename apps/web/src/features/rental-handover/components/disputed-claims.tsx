import { useState, type FormEvent } from 'react';
import { Inbox } from 'lucide-react';
import type { DisputedClaimsResponse } from '@medallion/contracts/rental-handover';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorText, fieldErrorTexts } from '@/lib/error-text';
import { useMoney } from '@/lib/money';
import { useDisputedClaims } from '@/lib/queries/rental-handover';
import { useDecideClaim } from '../api/handover-mutations';
import { ClaimSummary } from './claim-summary';
import { HandoverSetView } from './handover-photos';

type Disputed = DisputedClaimsResponse['data'][number];

function DecisionForm({ item }: { item: Disputed }) {
  const { t } = useTranslation('handover');
  const money = useMoney();
  const decide = useDecideClaim();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await decide.mutateAsync({ rentalId: item['rental-id'], amount: Number(amount.replace(',', '.')), note: note || undefined });
      toast.success(t('decided'));
    } catch (error) {
      setErrors(fieldErrorTexts(error) ?? {});
      toast.error(errorText(error));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-label={t('decisionFormLabel', { car: item.car })}>
      <TextField
        label={t('decisionAmount')}
        hint={t('decisionHint', { amount: money(item.claim['amount-cents']) })}
        name={`decision-${item['rental-id']}`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        error={errors.amount}
      />
      <TextAreaField label={t('decisionNote')} name={`decision-note-${item['rental-id']}`} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <Button type="submit" disabled={decide.isPending} className="self-start">
        {t('decide')}
      </Button>
    </form>
  );
}

/** The staff console's queue of disputed claims: the claim, both hand-overs' photos, the decision. */
export function DisputedClaims() {
  const { t } = useTranslation('handover');
  const money = useMoney();
  const claims = useDisputedClaims();
  if (claims.isPending) return <Spinner label={t('loading')} className="text-slate-500" />;
  if (claims.isError) return <ErrorState message={errorText(claims.error)} retryLabel={t('retry')} onRetry={() => void claims.refetch()} />;
  if (claims.data.data.length === 0) {
    return (
      <EmptyState icon={Inbox}>
        <p>{t('queueEmpty')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {claims.data.data.map((item) => (
        <article
          key={item['rental-id']}
          aria-labelledby={`claim-${item['rental-id']}`}
          data-testid="disputed-claim"
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id={`claim-${item['rental-id']}`} className="break-words text-lg font-bold">
            {item.car}
          </h2>
          <p className="text-sm text-slate-600">{t('parties', { driver: item.driver, owner: item.owner, deposit: money(item['deposit-cents']) })}</p>
          <ClaimSummary claim={item.claim} />
          {item.sets.map((set) => (
            <div key={`${set.stage}-${set.party}`} className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold">{t(`stageTitle.${set.stage}`)}</h3>
              <HandoverSetView set={set} />
            </div>
          ))}
          <DecisionForm item={item} />
        </article>
      ))}
    </div>
  );
}
