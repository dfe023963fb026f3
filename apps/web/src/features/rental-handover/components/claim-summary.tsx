import type { RentalClaim } from '@medallion/contracts/rental-handover';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/lib/money';
import { ClaimPhotos } from './handover-photos';

/** What was claimed and where it stands. */
export function ClaimSummary({ claim }: { claim: RentalClaim }) {
  const { t } = useTranslation('handover');
  const money = useMoney();
  return (
    <div className="flex flex-col gap-2" data-testid="claim-summary">
      <p className="font-semibold">{t('claimed', { amount: money(claim['amount-cents']) })}</p>
      <p className="whitespace-pre-wrap break-words">“{claim.description}”</p>
      <ClaimPhotos photos={claim.photos} />
      <p className="text-sm text-slate-700">{t(`answer.${claim.answer ?? 'waiting'}`)}</p>
      {claim['answer-note'] && <p className="whitespace-pre-wrap break-words text-sm">“{claim['answer-note']}”</p>}
      {claim['decided-cents'] !== null && <p className="text-sm font-semibold">{t('decidedKept', { amount: money(claim['decided-cents']) })}</p>}
      {claim['withheld-cents'] !== null && <p className="text-sm">{t('withheld', { amount: money(claim['withheld-cents']) })}</p>}
    </div>
  );
}
