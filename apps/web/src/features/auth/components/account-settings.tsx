import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogCard, DialogClose, DialogDescription, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { changePasswordRequestSchema, deleteAccountRequestSchema, type ChangePasswordRequest, type DeleteAccountRequest } from '@medallion/contracts/auth';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { TextField } from '@/components/ui/field';
import { applyFieldErrors } from '@/lib/error-text';
import { useChangePassword } from '../api/change-password';
import { sendDeleteCode, useDeleteAccount } from '../api/delete-account';
import { useAuthErrorText, useValidationText } from './use-auth-error';

const isWrongPassword = (error: unknown) => error instanceof ApiClientError && error.code === 'INVALID_CREDENTIALS';

/** Account section of the dashboard settings: change password, delete account. */
export function AccountSettings({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <section aria-labelledby="account-title" className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="account-title" className="text-xl font-bold">
        {t('account.title')}
      </h2>
      {hasPassword && <ChangePasswordForm />}
      <DeleteAccount email={email} hasPassword={hasPassword} />
    </section>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const v = useValidationText();
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(t('account.passwordChanged'));
        form.reset();
      },
      onError: (error) => {
        form.resetField('currentPassword');
        if (isWrongPassword(error)) toast.error(t('account.wrongCurrentPassword'));
        else if (!applyFieldErrors(form, error, ['currentPassword', 'newPassword'])) toast.error(errorText(error));
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('account.changePassword')} className="flex max-w-md flex-col gap-4">
      <h3 className="text-lg font-semibold">{t('account.changePassword')}</h3>
      <TextField
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={v(errors.currentPassword?.message)}
        {...form.register('currentPassword')}
      />
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        error={v(errors.newPassword?.message)}
        {...form.register('newPassword')}
      />
      <div>
        <Button type="submit" variant="dark" disabled={change.isPending}>
          {change.isPending ? t('account.saving') : t('account.savePassword')}
        </Button>
      </div>
    </form>
  );
}

function DeleteAccount({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const v = useValidationText();
  // One field confirms the deletion: the password, or for an account without one the e-mailed code.
  const field = hasPassword ? 'password' : 'code';
  const form = useForm<DeleteAccountRequest>({ resolver: zodResolver(deleteAccountRequestSchema), defaultValues: { [field]: '' } });
  const secret = useWatch({ control: form.control, name: field });
  const confirmLabel = hasPassword ? t('fields.password') : t('fields.code');

  const submit = form.handleSubmit((request) =>
    remove.mutate(request, {
      onError: (error) => {
        form.setValue(field, '');
        if (!applyFieldErrors(form, error, [field])) toast.error(isWrongPassword(error) ? t('account.wrongPassword') : errorText(error, email));
      },
    }),
  );

  return (
    <div className="flex flex-col items-start gap-3 border-t border-slate-200 pt-6">
      <h3 className="text-lg font-semibold text-danger-text">{t('account.deleteTitle')}</h3>
      <p className="max-w-prose text-slate-700">{t('account.deleteText')}</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" className="border-danger text-danger-text hover:bg-danger/10">
            {t('account.deleteButton')}
          </Button>
        </DialogTrigger>
        <DialogCard>
          <DialogHeader title={t('account.deleteConfirmTitle')} />
          <DialogDescription className="mt-2 text-slate-700">
            {hasPassword ? t('account.deleteConfirmPassword') : t('account.deleteConfirmCode', { email })}
          </DialogDescription>
          <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
            {!hasPassword && (
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void sendDeleteCode().then(
                      () => {
                        setCodeSent(true);
                        toast.success(t('codeSent', { email }));
                      },
                      (error: unknown) => toast.error(errorText(error, email)),
                    )
                  }
                >
                  {codeSent ? t('confirm.resend') : t('account.sendCode')}
                </Button>
              </div>
            )}
            <TextField
              label={confirmLabel}
              type={hasPassword ? 'password' : 'text'}
              inputMode={hasPassword ? undefined : 'numeric'}
              autoComplete={hasPassword ? 'current-password' : 'one-time-code'}
              error={v(form.formState.errors[field]?.message)}
              {...form.register(field)}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="outline">{t('account.cancel')}</Button>
              </DialogClose>
              <Button type="submit" className="bg-danger text-white hover:bg-danger-text" disabled={!secret || remove.isPending}>
                {remove.isPending ? t('account.deleting') : t('account.deleteForever')}
              </Button>
            </div>
          </form>
        </DialogCard>
      </Dialog>
    </div>
  );
}
