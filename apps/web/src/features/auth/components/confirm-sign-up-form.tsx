import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmSignUpRequestSchema, type ConfirmSignUpRequest } from '@medallion/contracts/auth';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { useResendCode } from '../api/resend-code';
import { AuthCard, TextButton } from './auth-card';
import type { LoginMode } from './login-panel';
import { useAuthErrorText, useValidationText } from './use-auth-error';

interface Props {
  email: string;
  onMode: (mode: LoginMode, email: string) => void;
  onSignedIn: () => void;
}

export function ConfirmSignUpForm({ email, onMode, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const confirm = useConfirmSignUp();
  const resend = useResendCode();
  const form = useForm<ConfirmSignUpRequest>({ resolver: zodResolver(confirmSignUpRequestSchema), defaultValues: { email, code: '' } });
  const { errors } = form.formState;
  const v = useValidationText();

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        toast.error(errorText(error, values.email));
        form.resetField('code');
      },
    }),
  );

  return (
    <AuthCard title={t('confirm.title')} intro={t('confirm.intro', { email })}>
      <form noValidate onSubmit={onSubmit} aria-label={t('confirm.title')} className="flex flex-col gap-4">
        <TextField
          label={t('fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={v(errors.code?.message)}
          {...form.register('code')}
        />
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending ? t('confirm.submitting') : t('confirm.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <TextButton
          onClick={() =>
            resend.mutate({ email }, { onSuccess: () => toast.success(t('codeSent', { email })), onError: (error) => toast.error(errorText(error, email)) })
          }
        >
          {t('confirm.resend')}
        </TextButton>
        <TextButton onClick={() => onMode('login', email)}>{t('backToSignIn')}</TextButton>
      </div>
    </AuthCard>
  );
}
