import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { sandboxConfirmSetupRequestSchema, type PaymentMethod } from '@medallion/contracts/payments';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorText } from '@/lib/error-text';
import { useConfirmSandboxSetup } from '../api/confirm-sandbox-setup';

const formSchema = sandboxConfirmSetupRequestSchema.omit({ 'client-secret': true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** The offline card form (no Stripe key configured), clearly marked as test mode. */
export function SandboxCardForm({ clientSecret, onSaved }: { clientSecret: string; onSaved: (card: PaymentMethod) => void }) {
  const { t } = useTranslation('payments');
  const confirm = useConfirmSandboxSetup();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { number: '', exp_month: '', exp_year: '', cvc: '' } as unknown as FormInput,
  });
  const { errors } = form.formState;
  const v = (key?: string) => (key ? t(`common:messages.${key}`, { defaultValue: key }) : undefined);
  const providerError = confirm.error ? errorText(confirm.error) : null;

  const onSubmit = form.handleSubmit((values) => confirm.mutate({ ...values, 'client-secret': clientSecret }, { onSuccess: onSaved }));

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('form.title')} className="flex flex-col gap-4">
      <p className="flex items-start gap-2 rounded-lg border border-taxi bg-taxi-soft p-3 text-sm text-asphalt">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong>{t('form.testMode')}</strong> {t('form.testModeText')}
        </span>
      </p>
      <TextField
        label={t('form.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={v(errors.number?.message)}
        {...form.register('number')}
      />
      <div className="grid grid-cols-3 gap-3">
        <TextField
          label={t('form.month')}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="12"
          maxLength={2}
          error={v(errors.exp_month?.message)}
          {...form.register('exp_month')}
        />
        <TextField
          label={t('form.year')}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="2030"
          maxLength={4}
          error={v(errors.exp_year?.message)}
          {...form.register('exp_year')}
        />
        <TextField
          label={t('form.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={v(errors.cvc?.message)}
          {...form.register('cvc')}
        />
      </div>
      {providerError && (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 font-medium text-danger-text">
          {providerError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? t('form.saving') : t('form.save')}
      </Button>
    </form>
  );
}
