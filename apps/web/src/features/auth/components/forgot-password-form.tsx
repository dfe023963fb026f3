import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  confirmForgotPasswordRequestSchema,
  emailOnlyRequestSchema,
  type ConfirmForgotPasswordRequest,
  type EmailOnlyRequest,
} from '@medallion/contracts/auth';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { applyFieldErrors } from '@/lib/error-text';
import { useConfirmForgotPassword } from '../api/confirm-forgot-password';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard, TextButton } from './auth-card';
import type { LoginMode } from './login-panel';
import { useAuthErrorText, useValidationText } from './use-auth-error';

interface Props {
  email: string;
  onMode: (mode: LoginMode, email: string) => void;
  onSignedIn: () => void;
}

/** Forgot password: e-mail → code sent → code + new password → signed in. */
export function ForgotPasswordForm({ email, onMode, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? (
    <ResetStep email={sentTo} onMode={onMode} onSignedIn={onSignedIn} />
  ) : (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <RequestStep email={email} onSent={setSentTo} />
      <p className="mt-6 text-center">
        <TextButton onClick={() => onMode('login', email)}>{t('backToSignIn')}</TextButton>
      </p>
    </AuthCard>
  );
}

function RequestStep({ email, onSent }: { email: string; onSent: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const request = useForgotPassword();
  const form = useForm<EmailOnlyRequest>({ resolver: zodResolver(emailOnlyRequestSchema), defaultValues: { email } });
  const v = useValidationText();
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        toast.success(t('codeSent', { email: values.email }));
        onSent(values.email);
      },
      onError: (error) => toast.error(errorText(error, values.email)),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('forgot.title')} className="flex flex-col gap-4">
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={v(form.formState.errors.email?.message)}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? t('forgot.sending') : t('forgot.send')}
      </Button>
    </form>
  );
}

function ResetStep({ email, onMode, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const reset = useConfirmForgotPassword();
  const form = useForm<ConfirmForgotPasswordRequest>({
    resolver: zodResolver(confirmForgotPasswordRequestSchema),
    defaultValues: { email, code: '', password: '' },
  });
  const { errors } = form.formState;
  const v = useValidationText();
  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      // A new password does not skip two-step sign-in: the code comes next.
      onSuccess: (session) => (session.twoFactorRequired ? onMode('two_factor', values.email) : onSignedIn()),
      onError: (error) => {
        form.resetField('password');
        if (!applyFieldErrors(form, error, ['code', 'password'])) toast.error(errorText(error, values.email));
      },
    }),
  );
  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro', { email })}>
      <form noValidate onSubmit={onSubmit} aria-label={t('reset.title')} className="flex flex-col gap-4">
        <TextField
          label={t('fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={v(errors.code?.message)}
          {...form.register('code')}
        />
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          error={v(errors.password?.message)}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center">
        <TextButton onClick={() => onMode('login', email)}>{t('backToSignIn')}</TextButton>
      </p>
    </AuthCard>
  );
}
