import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountPasskey } from '@medallion/contracts/passkeys';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { AlertDialog, AlertDialogCancel, AlertDialogCard, AlertDialogDescription, AlertDialogHeader } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/error-text';
import { passkeyProblem, usePasskeyAvailability } from '@/lib/passkeys';
import { useAccountPasskeys } from '@/lib/queries/passkeys';
import { useAddPasskey } from '../api/add-passkey';
import { useRemovePasskey } from '../api/remove-passkey';
import { needsStepUp, useStepUp } from './step-up-dialog';

function useDate() {
  const { i18n } = useTranslation('security');
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** "Remove" with a confirmation: the passkey no longer signs in once removed. */
function RemovePasskey({ passkey }: { passkey: AccountPasskey }) {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  const remove = useRemovePasskey();
  const stepUp = useStepUp();
  const trigger = useRef<HTMLButtonElement>(null);
  const confirm = (): Promise<void> =>
    remove.mutateAsync(passkey.id).then(
      () => {
        setOpen(false);
        toast.success(t('passkeys.removed', { name: passkey.name }));
      },
      (error: Error) => {
        setOpen(false);
        // Not confirmed recently: "Confirm it's you", then the removal again.
        if (needsStepUp(error)) stepUp.ask(() => void confirm(), trigger.current);
        else toast.error(errorText(error));
      },
    );
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-center"
        aria-label={t('passkeys.removeOne', { name: passkey.name })}
        ref={trigger}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('passkeys.remove')}
      </Button>
      <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <AlertDialogCard>
          <AlertDialogHeader title={t('passkeys.confirmTitle')} />
          <AlertDialogDescription className="mt-2 text-slate-700">{t('passkeys.confirmText', { name: passkey.name })}</AlertDialogDescription>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t('passkeys.cancel')}
              </Button>
            </AlertDialogCancel>
            {/* Not AlertDialog.Action: the dialog stays open (with a spinner) until the server answers. */}
            <Button variant="danger" disabled={remove.isPending} onClick={() => void confirm()}>
              {remove.isPending && <Spinner label={t('passkeys.removing')} />}
              {t('passkeys.confirm')}
            </Button>
          </div>
        </AlertDialogCard>
      </AlertDialog>
      {stepUp.dialog}
    </>
  );
}

function PasskeyRow({ passkey }: { passkey: AccountPasskey }) {
  const { t } = useTranslation('security');
  const date = useDate();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="passkey">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="size-6 shrink-0 text-slate-600" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-asphalt">
            <span className="break-words">{passkey.name || t('passkeys.unnamed')}</span>
            {passkey.synced && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700">{t('passkeys.synced')}</span>}
          </p>
          <dl className="mt-1 flex flex-col gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:flex-row sm:flex-wrap">
            <div className="flex gap-1">
              <dt>{t('passkeys.added')}</dt>
              <dd>{date(passkey.created_at)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('passkeys.lastUsed')}</dt>
              <dd>{passkey.last_used_at ? date(passkey.last_used_at) : t('passkeys.neverUsed')}</dd>
            </div>
          </dl>
        </div>
      </div>
      <RemovePasskey passkey={passkey} />
    </li>
  );
}

/** "Add a passkey": the browser's prompt, then the list; a cancelled prompt is a calm note, not an error. */
function AddPasskey() {
  const { t } = useTranslation('security');
  const add = useAddPasskey();
  const stepUp = useStepUp();
  const button = useRef<HTMLButtonElement>(null);
  const [note, setNote] = useState<string | null>(null);
  const onAdd = () => {
    setNote(null);
    add.mutate(undefined, {
      onSuccess: () => toast.success(t('passkeys.addedToast')),
      onError: (error) => {
        // Not confirmed recently: "Confirm it's you", then adding again (the server asks before the browser's prompt).
        if (needsStepUp(error)) return stepUp.ask(onAdd, button.current);
        const problem = passkeyProblem(error);
        if (problem === 'cancelled') setNote(t('passkeys.cancelled'));
        else if (problem === 'alreadyAdded') setNote(t('passkeys.alreadyOnDevice'));
        else if (problem === 'unsupported' || problem === 'insecureAddress') setNote(t(`passkeys.${problem}`));
        else toast.error(errorText(error));
      },
    });
  };
  return (
    <div className="flex flex-col items-start gap-2">
      {/* Busy, it stays focusable (aria-disabled, not disabled): the keyboard is not thrown back to the page's top. */}
      <Button
        ref={button}
        onClick={() => !add.isPending && onAdd()}
        aria-disabled={add.isPending}
        className="aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {add.isPending ? <Spinner label={t('passkeys.adding')} /> : <Plus aria-hidden="true" className="size-4" />}
        {add.isPending ? t('passkeys.adding') : t('passkeys.add')}
      </Button>
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {note}
      </p>
      {stepUp.dialog}
    </div>
  );
}

/**
 * "Passkeys": what they are, "Add a passkey" (or a note when this browser has no WebAuthn or the page's
 * address cannot use passkeys), and the
 * account's passkeys with when each was added and last used, each with "Remove".
 */
export function PasskeysSection() {
  const { t } = useTranslation('security');
  const availability = usePasskeyAvailability();
  const passkeys = useAccountPasskeys();
  return (
    <section aria-labelledby="passkeys-title" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="passkeys-title" className="text-xl font-bold">
        {t('passkeys.title')}
      </h2>
      <p className="max-w-prose text-slate-700">{t('passkeys.intro')}</p>
      {availability === 'ok' ? <AddPasskey /> : <p className="rounded-xl bg-slate-100 p-4 text-slate-700">{t(`passkeys.${availability}`)}</p>}
      {passkeys.isPending ? (
        <Spinner label={t('common:loading')} className="text-slate-500" />
      ) : passkeys.isError ? (
        <ErrorState message={errorText(passkeys.error)} retryLabel={t('passkeys.retry')} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.data.passkeys.length === 0 ? (
        <EmptyState icon={KeyRound}>
          <p>{t('passkeys.empty')}</p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('passkeys.title')}>
          {passkeys.data.data.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
    </section>
  );
}
