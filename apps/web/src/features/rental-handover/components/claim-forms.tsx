import { useState, type FormEvent } from 'react';
import { MAX_CLAIM_PHOTOS } from '@medallion/contracts/rental-handover';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { errorText, fieldErrorTexts } from '@/lib/error-text';
import { imageToDataUrl } from '@/lib/image-to-data-url';
import { useMoney } from '@/lib/money';
import { useAnswerClaim, useOpenClaim } from '../api/handover-mutations';

/** The owner's damage claim: amount (at most the deposit), what happened, photos. */
export function ClaimForm({ rentalId, depositCents }: { rentalId: string; depositCents: number }) {
  const { t } = useTranslation('handover');
  const money = useMoney();
  const open = useOpenClaim(rentalId);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const photos = await Promise.all(files.slice(0, MAX_CLAIM_PHOTOS).map((f) => imageToDataUrl(f)));
      await open.mutateAsync({ amount: Number(amount.replace(',', '.')), description, photos });
      toast.success(t('claimSent'));
    } catch (error) {
      setErrors(fieldErrorTexts(error) ?? {});
      toast.error(errorText(error));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-label={t('claimFormLabel')}>
      <TextField
        label={t('claimAmount')}
        hint={t('claimAmountHint', { deposit: money(depositCents) })}
        name="claim-amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        error={errors.amount}
      />
      <TextAreaField
        label={t('claimDescription')}
        name="claim-description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
      />
      <TextField
        type="file"
        accept="image/*"
        multiple
        label={t('claimPhotos', { max: MAX_CLAIM_PHOTOS })}
        name="claim-photos"
        error={errors.photos ?? errors['photos.0']}
        onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
      />
      <Button type="submit" disabled={open.isPending} className="self-start">
        {t('claimSubmit')}
      </Button>
    </form>
  );
}

/** The driver accepts or disputes the claim (a note optional). */
export function AnswerClaimForm({ rentalId }: { rentalId: string }) {
  const { t } = useTranslation('handover');
  const answer = useAnswerClaim(rentalId);
  const [note, setNote] = useState('');
  const act = (value: 'accept' | 'dispute') =>
    answer.mutateAsync({ answer: value, note: note || undefined }).then(
      () => toast.success(t(value === 'accept' ? 'accepted' : 'disputed')),
      (e: Error) => toast.error(errorText(e)),
    );
  return (
    <form onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-3" aria-label={t('answerFormLabel')}>
      <p className="text-sm text-slate-700">{t('answerHint')}</p>
      <TextAreaField label={t('answerNote')} name="claim-note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={answer.isPending} onClick={() => void act('accept')}>
          {t('accept')}
        </Button>
        <Button type="button" variant="outline" disabled={answer.isPending} onClick={() => void act('dispute')}>
          {t('dispute')}
        </Button>
      </div>
    </form>
  );
}
