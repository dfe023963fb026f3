import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TRUST_BROWSER_DAYS } from '@medallion/contracts/auth';
import { twoFactorRecoveryRequestSchema, twoFactorVerifyRequestSchema } from '@medallion/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors, errorText } from '@/lib/error-text';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { AuthCard, TextButton } from './auth-card';
import type { LoginMode } from './login-panel';
import { useValidationText } from './use-auth-error';

interface Props {
  email: string;
  onMode: (mode: LoginMode, email: string) => void;
  onSignedIn: () => void;
}

interface Values {
  code: string;
  trustBrowser: boolean;
}

/**
 * The second step of sign-in when the account uses two-step sign-in: the 6-digit code of the
 * authenticator app (or one of the recovery codes) and "Trust this browser for 30 days". A sign-in that
 * has expired, had too many wrong codes or met a code used already starts again with the password.
 */
export function TwoFactorStep({ email, onMode, onSignedIn }: Props) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  return <TwoFactorForm key={kind} kind={kind} email={email} onMode={onMode} onSignedIn={onSignedIn} onKind={setKind} />;
}

function TwoFactorForm({ kind, email, onMode, onSignedIn, onKind }: Props & { kind: 'totp' | 'recovery'; onKind: (kind: 'totp' | 'recovery') => void }) {
  const { t } = useTranslation('auth');
  const v = useValidationText();
  const verify = useVerifyTwoFactor();
  const form = useForm<Values>({
    resolver: zodResolver(kind === 'totp' ? twoFactorVerifyRequestSchema : twoFactorRecoveryRequestSchema) as never,
    defaultValues: { code: '', trustBrowser: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(
      { kind, ...values },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const restart = error instanceof ApiClientError && (error.code === 'CODE_EXPIRED' || error.key === 'twoFactor.codeUsed');
          if (restart) {
            toast.error(errorText(error));
            onMode('login', email);
            return;
          }
          if (!applyFieldErrors(form, error, ['code'])) form.setError('code', { type: 'server', message: errorText(error) }, { shouldFocus: true });
          form.setValue('code', '');
        },
      },
    ),
  );

  const totp = kind === 'totp';
  return (
    <AuthCard title={t('twoFactor.title')} intro={totp ? t('twoFactor.intro') : t('twoFactor.recoveryIntro')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('twoFactor.title')} className="flex flex-col gap-4">
        <TextField
          label={totp ? t('twoFactor.codeLabel') : t('twoFactor.recoveryLabel')}
          autoComplete="one-time-code"
          inputMode={totp ? 'numeric' : 'text'}
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          maxLength={totp ? 7 : 11}
          error={errors.code?.type === 'server' ? errors.code.message : v(errors.code?.message)}
          {...form.register('code')}
        />
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-asphalt" {...form.register('trustBrowser')} />
          <span className="flex flex-col">
            <span className="font-semibold text-slate-800">{t('twoFactor.trust', { count: TRUST_BROWSER_DAYS })}</span>
            <span className="text-sm text-slate-600">{t('twoFactor.trustHint')}</span>
          </span>
        </label>
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? t('twoFactor.submitting') : t('twoFactor.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        <TextButton onClick={() => onKind(totp ? 'recovery' : 'totp')}>{totp ? t('twoFactor.useRecovery') : t('twoFactor.useApp')}</TextButton>
        <TextButton onClick={() => onMode('login', email)}>{t('backToSignIn')}</TextButton>
      </div>
    </AuthCard>
  );
}
