import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  emailChangeConfirmRequestSchema,
  emailChangeRequestSchema,
  updateProfileRequestSchema,
  type EmailChangeConfirmRequest,
  type EmailChangeRequest,
  type UpdateProfile,
  type UpdateProfileRequest,
} from '@medallion/contracts/account';
import { nationalUsPhone } from '@medallion/contracts/phone-format';
import type { UserRecord } from '@medallion/contracts/users';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/change-email';
import { useUpdateProfile } from '../api/update-profile';

/** A field's problem: the server's is already in the user's language, the form's own is a message key. */
function problem(error: { type?: unknown; message?: unknown } | undefined): string | undefined {
  const message = typeof error?.message === 'string' ? error.message : undefined;
  return error?.type === 'server' ? message : keyText(message);
}

/**
 * The Profile section of the dashboard's settings: name and phone (a US number, shown as
 * "(212) 555-0190", stored by the server in E.164), and the e-mail, which changes only once the code
 * sent to the new address is entered (the current password is asked first).
 */
export function ProfileSettings({ user }: { user: UserRecord }) {
  const { t } = useTranslation('profile');
  return (
    <section aria-labelledby="profile-title" className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="profile-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <NameAndPhoneForm user={user} />
      <div className="flex flex-col gap-4 border-t border-slate-200 pt-6">
        <h3 className="text-lg font-semibold">{t('email.title')}</h3>
        <p className="break-words text-slate-700">
          {t('email.current')} <span className="font-semibold text-asphalt">{user.email}</span>
        </p>
        {user.has_password ? <ChangeEmail current={user.email} /> : <p className="max-w-prose text-slate-700">{keyText('account.emailNeedsPassword')}</p>}
      </div>
    </section>
  );
}

function NameAndPhoneForm({ user }: { user: UserRecord }) {
  const { t } = useTranslation('profile');
  const save = useUpdateProfile();
  const form = useForm<UpdateProfileRequest, unknown, UpdateProfile>({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: { name: user['full-name'], phone: nationalUsPhone(user.phone) },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: ({ data }) => {
        toast.success(t('saved'));
        form.reset({ name: data['full-name'], phone: nationalUsPhone(data.phone) });
      },
      onError: (error) => {
        if (!applyFieldErrors(form, error, ['name', 'phone'])) toast.error(errorText(error));
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="profile-details-title" className="flex max-w-md flex-col gap-4">
      <h3 id="profile-details-title" className="text-lg font-semibold">
        {t('details')}
      </h3>
      <TextField label={t('name')} autoComplete="name" maxLength={100} error={problem(errors.name)} {...form.register('name')} />
      <TextField
        label={t('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(212) 555-0190"
        hint={t('phoneHint')}
        maxLength={30}
        error={problem(errors.phone)}
        {...form.register('phone')}
      />
      <div>
        <Button type="submit" variant="dark" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

/** Step 1: the new address and the current password; step 2: the code sent to the new address. */
function ChangeEmail({ current }: { current: string }) {
  const [pending, setPending] = useState<string | null>(null);
  return pending ? <ConfirmEmailForm current={current} email={pending} onDone={() => setPending(null)} /> : <RequestEmailForm onSent={setPending} />;
}

function RequestEmailForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('profile');
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeRequest>({ resolver: zodResolver(emailChangeRequestSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => onSent(values.email),
      onError: (error) => {
        form.resetField('password');
        if (!applyFieldErrors(form, error, ['email', 'password'])) toast.error(errorText(error));
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('email.change')} className="flex max-w-md flex-col gap-4">
      <TextField
        label={t('email.new')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        error={problem(errors.email)}
        {...form.register('email')}
      />
      <TextField
        label={t('email.password')}
        type="password"
        autoComplete="current-password"
        hint={t('email.passwordHint')}
        error={problem(errors.password)}
        {...form.register('password')}
      />
      <div>
        <Button type="submit" variant="dark" disabled={request.isPending}>
          {request.isPending ? t('email.sending') : t('email.sendCode')}
        </Button>
      </div>
    </form>
  );
}

function ConfirmEmailForm({ current, email, onDone }: { current: string; email: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const confirm = useConfirmEmailChange();
  const form = useForm<EmailChangeConfirmRequest>({ resolver: zodResolver(emailChangeConfirmRequestSchema), defaultValues: { email, code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: () => {
        toast.success(t('email.changed', { email }));
        onDone();
      },
      onError: (error) => {
        form.resetField('code');
        if (!applyFieldErrors(form, error, ['code'])) form.setError('code', { type: 'server', message: errorText(error) }, { shouldFocus: true });
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('email.confirm')} className="flex max-w-md flex-col gap-4">
      <p role="status" className="rounded-lg bg-taxi-soft p-3 text-asphalt">
        {t('email.codeSent', { email, current })}
      </p>
      <TextField
        label={t('email.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={problem(errors.code)}
        {...form.register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="dark" disabled={confirm.isPending}>
          {confirm.isPending ? t('email.confirming') : t('email.confirm')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('email.cancel')}
        </Button>
      </div>
    </form>
  );
}
