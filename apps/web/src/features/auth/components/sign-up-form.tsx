import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signUpRequestSchema, type SignUpRequest } from '@medallion/contracts/auth';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/error-text';
import { checkEmail } from '../api/check-email';
import { useSignUp } from '../api/sign-up';
import { AuthCard, TextButton } from './auth-card';
import type { LoginMode } from './login-panel';
import { useAuthErrorText, useValidationText } from './use-auth-error';

const TAKEN_TOAST_MS = 3500;

interface Props {
  email: string;
  onMode: (mode: LoginMode, email: string) => void;
}

export function SignUpForm({ email, onMode }: Props) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const signUp = useSignUp();
  const form = useForm<SignUpRequest>({ resolver: zodResolver(signUpRequestSchema), defaultValues: { name: '', email, password: '' } });
  const { errors, isSubmitting } = form.formState;
  const v = useValidationText();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { email_exist } = await checkEmail(values.email);
      if (email_exist) {
        toast.error(t('codes.EMAIL_TAKEN'), { duration: TAKEN_TOAST_MS });
        return;
      }
      await signUp.mutateAsync(values);
      toast.success(t('codeSent', { email: values.email }));
      onMode('confirm_sign_up', values.email);
    } catch (error) {
      form.resetField('password');
      // The server's field problems (a common password) go under their fields; anything else is a toast.
      if (applyFieldErrors(form, error, ['name', 'email', 'password'])) return;
      const taken = error instanceof ApiClientError && error.code === 'EMAIL_TAKEN';
      toast.error(errorText(error, values.email), taken ? { duration: TAKEN_TOAST_MS } : undefined);
    }
  });

  return (
    <AuthCard title={t('signUp.title')} intro={t('signUp.intro')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('signUp.title')} className="flex flex-col gap-4">
        <TextField label={t('fields.name')} autoComplete="name" error={v(errors.name?.message)} {...form.register('name')} />
        <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" error={v(errors.email?.message)} {...form.register('email')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          error={v(errors.password?.message)}
          {...form.register('password')}
        />
        <p className="text-sm text-slate-700">
          <Trans t={t} i18nKey="signUp.terms" components={{ terms: <Link to="/terms" className="font-semibold text-info underline" /> }} />
        </p>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? t('signUp.submitting') : t('signUp.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-slate-700">
        {t('signUp.haveAccount')} <TextButton onClick={() => onMode('login', form.getValues('email'))}>{t('signUp.signIn')}</TextButton>
      </p>
    </AuthCard>
  );
}
