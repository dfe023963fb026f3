import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signInRequestSchema, type SignInRequest } from '@medallion/contracts/auth';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { useSignIn } from '../api/sign-in';
import { AuthCard, TextButton } from './auth-card';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SocialButtons } from './social-buttons';
import type { LoginMode } from './login-panel';
import { useAuthErrorText, useValidationText } from './use-auth-error';

interface Props {
  email: string;
  onMode: (mode: LoginMode, email: string) => void;
  onSignedIn: () => void;
}

export function SignInForm({ email, onMode, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const signIn = useSignIn();
  const form = useForm<SignInRequest>({ resolver: zodResolver(signInRequestSchema), defaultValues: { email, password: '' } });
  const { errors } = form.formState;
  const v = useValidationText();

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (session) => (session.twoFactorRequired ? onMode('two_factor', values.email) : onSignedIn()),
      onError: (error) => {
        if (error instanceof ApiClientError && error.code === 'EMAIL_NOT_VERIFIED') {
          toast.success(t('codeSent', { email: values.email }));
          onMode('confirm_sign_up', values.email);
          return;
        }
        toast.error(errorText(error, values.email));
        // "Busy, try again in a few seconds" (503) or too many tries (429): the password was not judged,
        // so it stays for the retry. Either way the keyboard is back in the password field, not lost on
        // the page (the button it was on was disabled while waiting).
        const notJudged = error instanceof ApiClientError && (error.code === 'SERVICE_UNAVAILABLE' || error.status === 429);
        if (!notJudged) form.resetField('password');
        form.setFocus('password');
      },
    }),
  );

  return (
    <AuthCard title={t('signIn.title')} intro={t('signIn.intro')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('signIn.title')} className="flex flex-col gap-4">
        <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" error={v(errors.email?.message)} {...form.register('email')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          error={v(errors.password?.message)}
          {...form.register('password')}
        />
        <div className="text-right">
          <TextButton onClick={() => onMode('forgot_password', form.getValues('email'))}>{t('signIn.forgot')}</TextButton>
        </div>
        <Button type="submit" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
      <PasskeySignInButton onSignedIn={onSignedIn} />
      <SocialButtons />
      <p className="mt-6 text-center text-slate-700">
        {t('signIn.noAccount')} <TextButton onClick={() => onMode('sign_up', form.getValues('email'))}>{t('signIn.signUp')}</TextButton>
      </p>
    </AuthCard>
  );
}
