import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reauthenticateRequestSchema, type ReauthenticateRequest } from '@medallion/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCard, DialogDescription, DialogHeader } from '@/components/ui/dialog';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors, errorText } from '@/lib/error-text';
import { useSession, useStepUpStatus } from '@/lib/queries/auth';
import { useReauthenticate, useSendStepUpCode } from '../api/reauthenticate';

/** The server's "confirm it is you first" (403 REAUTH_REQUIRED: a passkey change without a recent step-up). */
export function needsStepUp(error: unknown): boolean {
  return error instanceof ApiClientError && error.code === 'REAUTH_REQUIRED';
}

type Method = 'password' | 'code' | 'emailCode';
type Values = { password?: string; code?: string; emailCode?: string };

/** The dialog's form: the password, a two-step or recovery code, or a code e-mailed to the account. */
function StepUpForm({ methods, onDone }: { methods: Method[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const session = useSession();
  const [method, setMethod] = useState<Method>(methods[0] ?? 'password');
  const [note, setNote] = useState<string | null>(null);
  const confirm = useReauthenticate();
  const send = useSendStepUpCode();
  const form = useForm<Values>({ resolver: zodResolver(reauthenticateRequestSchema) as never, shouldUnregister: true, defaultValues: {} });
  const fieldText = (error?: { type?: string; message?: string }) =>
    !error?.message ? undefined : error.type === 'server' ? error.message : t(`common:messages.${error.message}`, { defaultValue: error.message });

  const submit = form.handleSubmit((values) =>
    confirm.mutate(values as ReauthenticateRequest, {
      onSuccess: onDone,
      onError: (error) => {
        form.resetField(method);
        if (!applyFieldErrors<Values>(form, error, [method])) form.setError(method, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      },
    }),
  );
  const other = method === 'password' && methods.includes('code') ? 'code' : method === 'code' && methods.includes('password') ? 'password' : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {method === 'password' && (
        <TextField
          key="password"
          label={t('stepUp.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={fieldText(form.formState.errors.password)}
          {...form.register('password')}
        />
      )}
      {method === 'code' && (
        <TextField
          key="code"
          label={t('stepUp.code')}
          autoComplete="one-time-code"
          maxLength={11}
          autoFocus
          error={fieldText(form.formState.errors.code)}
          {...form.register('code')}
        />
      )}
      {method === 'emailCode' && (
        <>
          <div className="flex flex-col items-start gap-2">
            <Button
              variant="outline"
              disabled={send.isPending}
              onClick={() =>
                send.mutate(undefined, {
                  onSuccess: () => setNote(t('stepUp.codeSent', { email: session.data?.user?.email ?? '' })),
                  onError: (error) => setNote(errorText(error)),
                })
              }
            >
              {send.isPending && <Spinner label={t('stepUp.sending')} />}
              {t('stepUp.sendCode', { email: session.data?.user?.email ?? '' })}
            </Button>
            <p role="status" className="text-sm text-slate-700 empty:hidden">
              {note}
            </p>
          </div>
          <TextField
            key="emailCode"
            label={t('stepUp.emailCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            error={fieldText(form.formState.errors.emailCode)}
            {...form.register('emailCode')}
          />
        </>
      )}
      {other && (
        <Button variant="ghost" size="sm" className="self-start underline" onClick={() => setMethod(other)}>
          {other === 'code' ? t('stepUp.useCode') : t('stepUp.usePassword')}
        </Button>
      )}
      <DialogFormActions cancelLabel={t('stepUp.cancel')} submitLabel={t('stepUp.confirm')} pending={confirm.isPending} pendingLabel={t('stepUp.checking')} />
    </form>
  );
}

/**
 * The step-up: `ask(retry)` opens "Confirm it's you" (the password, or a two-step code, or a code
 * e-mailed to the account, as GET /account/reauthenticate says this account can), and after the
 * server accepts it runs `retry` (the action the server refused with REAUTH_REQUIRED). Render `dialog`.
 * `returnFocusTo`: the button that led here, focused again when the dialog closes (if still on the page).
 */
export function useStepUp(): { ask: (retry: () => void, returnFocusTo?: HTMLElement | null) => void; dialog: ReactNode } {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  const retry = useRef<(() => void) | null>(null);
  // Where the keyboard goes back when the dialog closes: the button that led to it (the browser's own
  // choice, the element focused when it opened, is often the page itself: the button was busy then).
  const returnTo = useRef<HTMLElement | null>(null);
  const status = useStepUpStatus(open);
  const ask = useCallback((again: () => void, returnFocusTo?: HTMLElement | null) => {
    retry.current = again;
    returnTo.current = returnFocusTo ?? null;
    setOpen(true);
  }, []);
  const done = () => {
    setOpen(false);
    const again = retry.current;
    retry.current = null;
    again?.();
  };
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogCard
        aria-describedby="step-up-intro"
        onCloseAutoFocus={(event) => {
          const target = returnTo.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader className="mb-2" title={t('stepUp.title')} closeLabel={t('stepUp.close')} />
        <DialogDescription id="step-up-intro" className="mb-4 flex items-start gap-2 text-slate-700">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          <span>{t('stepUp.intro')}</span>
        </DialogDescription>
        {status.isPending ? (
          <Spinner label={t('common:loading')} className="text-slate-500" />
        ) : status.isError ? (
          <p role="alert" className="text-danger-text">
            {errorText(status.error)}
          </p>
        ) : (
          <StepUpForm methods={status.data.methods} onDone={done} />
        )}
      </DialogCard>
    </Dialog>
  );
  return { ask, dialog };
}
