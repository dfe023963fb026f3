import { useState, type FormEvent } from 'react';
import { HANDOVER_SLOTS, type HandoverSlot, type HandoverStage } from '@medallion/contracts/rental-handover';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorText, fieldErrorTexts } from '@/lib/error-text';
import { imageToDataUrl } from '@/lib/image-to-data-url';
import { useSendHandover } from '../api/handover-mutations';

/** The signed-in party's set for one stage: a labeled photo for each of the seven views and the two readings. */
export function HandoverForm({ rentalId, stage }: { rentalId: string; stage: HandoverStage }) {
  const { t } = useTranslation('handover');
  const send = useSendHandover(rentalId);
  const [files, setFiles] = useState<Partial<Record<HandoverSlot, File>>>({});
  const [odometer, setOdometer] = useState('');
  const [fuel, setFuel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const slot of HANDOVER_SLOTS) if (!files[slot]) missing[`photos.${slot}`] = t('common:messages.handoverPhotoRequired');
    if (!/^\d+$/.test(odometer)) missing.odometer = t('common:messages.handoverOdometer');
    if (!/^\d+$/.test(fuel) || Number(fuel) > 100) missing.fuel = t('common:messages.handoverFuel');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const photos = Object.fromEntries(await Promise.all(HANDOVER_SLOTS.map(async (slot) => [slot, await imageToDataUrl(files[slot]!)] as const))) as Record<
        HandoverSlot,
        string
      >;
      await send.mutateAsync({ stage, body: { photos, odometer: Number(odometer), fuel: Number(fuel) } });
      toast.success(t('sent'));
    } catch (error) {
      setErrors(fieldErrorTexts(error) ?? {});
      toast.error(errorText(error));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label={t('formLabel', { stage: t(`stage.${stage}`) })}>
      <div className="grid gap-3 sm:grid-cols-2">
        {HANDOVER_SLOTS.map((slot) => (
          <TextField
            key={slot}
            type="file"
            accept="image/*"
            capture="environment"
            label={t(`slot.${slot}`)}
            name={`photo-${stage}-${slot}`}
            error={errors[`photos.${slot}`]}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setFiles((f) => ({ ...f, [slot]: file }));
            }}
          />
        ))}
        <TextField
          label={t('odometer')}
          name={`odometer-${stage}`}
          inputMode="numeric"
          value={odometer}
          onChange={(e) => setOdometer(e.currentTarget.value.trim())}
          error={errors.odometer}
        />
        <TextField
          label={t('fuel')}
          name={`fuel-${stage}`}
          inputMode="numeric"
          value={fuel}
          onChange={(e) => setFuel(e.currentTarget.value.trim())}
          error={errors.fuel}
        />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={send.isPending}>
          {t('send', { stage: t(`stage.${stage}`) })}
        </Button>
        {send.isPending && <Spinner label={t('sending')} />}
      </div>
    </form>
  );
}
