import { HANDOVER_STAGES } from '@medallion/contracts/rental-handover';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { useMoney } from '@/lib/money';
import { useHandover } from '@/lib/queries/rental-handover';
import { AnswerClaimForm, ClaimForm } from './claim-forms';
import { ClaimSummary } from './claim-summary';
import { HandoverForm } from './handover-form';
import { HandoverSetView } from './handover-photos';

/** A rental's hand-over for its parties: both sides' pick-up and return photos, the forms, the claim. */
export function HandoverPage({ rentalId }: { rentalId: string }) {
  const { t } = useTranslation('handover');
  const money = useMoney();
  const handover = useHandover(rentalId);
  if (handover.isPending) return <Spinner label={t('loading')} className="text-slate-500" />;
  if (handover.isError) return <ErrorState message={errorText(handover.error)} retryLabel={t('retry')} onRetry={() => void handover.refetch()} />;
  const data = handover.data.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-700" data-testid="rental-status">
        {t(`status.${data.status}`, { defaultValue: data.status })} · {t('deposit', { amount: money(data['deposit-cents']) })}
      </p>
      {HANDOVER_STAGES.map((stage) => {
        const sets = data.sets.filter((s) => s.stage === stage);
        const maySend = data['may-send'].includes(stage);
        return (
          <Card as="section" key={stage} aria-labelledby={`stage-${stage}`} className="flex flex-col gap-4 p-4 sm:p-5">
            <h2 id={`stage-${stage}`} className="text-xl font-bold">
              {t(`stageTitle.${stage}`)}
            </h2>
            {sets.length === 0 && !maySend && <p className="text-slate-600">{t('noSets')}</p>}
            {sets.map((set) => (
              <HandoverSetView key={`${set.stage}-${set.party}`} set={set} />
            ))}
            {maySend && (
              <>
                <h3 className="font-semibold">{t('yourSet')}</h3>
                <p className="text-sm text-slate-600">{t(`hint.${stage}`)}</p>
                <HandoverForm rentalId={rentalId} stage={stage} />
              </>
            )}
          </Card>
        );
      })}
      {(data.claim || data['may-claim']) && (
        <Card as="section" aria-labelledby="claim" className="flex flex-col gap-4 p-4 sm:p-5">
          <h2 id="claim" className="text-xl font-bold">
            {t('claimTitle')}
          </h2>
          {data.claim && <ClaimSummary claim={data.claim} />}
          {data['may-answer'] && <AnswerClaimForm rentalId={rentalId} />}
          {data['may-claim'] && <ClaimForm rentalId={rentalId} depositCents={data['deposit-cents']} />}
        </Card>
      )}
    </div>
  );
}
