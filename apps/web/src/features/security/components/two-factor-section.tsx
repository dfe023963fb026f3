import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorPasswordRequestSchema,
  twoFactorSetupRequestSchema,
  type TwoFactorSetupResponse,
} from '@medallion/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { applyFieldErrors, errorText } from '@/lib/error-text';
import { useSession } from '@/lib/queries/auth';
import { useConfirmTwoFactor, useDisableTwoFactor, useRenewRecoveryCodes, useSendEnrollmentCode, useSetUpTwoFactor } from '../api/two-factor';

type Step =
  | { name: 'idle' }
  | { name: 'password'; purpose: 'setup' | 'codes' }
  | { name: 'scan'; setup: TwoFactorSetupResponse }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' };

/** "ABCD EFGH IJKL …": the key in groups of four, easier to type into an app by hand (a line breaks only between groups). */
function GroupedKey({ secret }: { secret: string }) {
  const groups = secret.match(/.{1,4}/g) ?? [];
  return groups.map((group, i) => (
    <Fragment key={i}>
      {i > 0 && ' '}
      <span className="inline-block">{group}</span>
    </Fragment>
  ));
}

/** A field's message: a server one is translated already, a schema one is a catalogue key. */
function useFieldText() {
  const { t } = useTranslation('security');
  return (error?: { type?: string; message?: string }) =>
    !error?.message ? undefined : error.type === 'server' ? error.message : t(`common:messages.${error.message}`, { defaultValue: error.message });
}

function showError<T extends Record<string, unknown>>(
  form: Parameters<typeof applyFieldErrors<T>>[0],
  error: unknown,
  fields: readonly (keyof T & string)[],
  main: keyof T & string,
) {
  if (applyFieldErrors<T>(form, error, fields as never)) return;
  form.setError(main as never, { type: 'server', message: errorText(error) }, { shouldFocus: true });
}

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    // No clipboard (an old browser, or permission refused): the text is on the screen to copy by hand.
  }
}

/** The password again, before a new key or new recovery codes; a staff account also a code sent to its e-mail. */
function PasswordStep({ purpose, onDone, onCancel }: { purpose: 'setup' | 'codes'; onDone: (step: Step) => void; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const fieldText = useFieldText();
  const session = useSession();
  const setUp = useSetUpTwoFactor();
  const renew = useRenewRecoveryCodes();
  const sendCode = useSendEnrollmentCode();
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const email = session.data?.user?.email ?? '';
  const staff = purpose === 'setup' && session.data?.user?.role === 'staff';
  const pending = setUp.isPending || renew.isPending;
  const form = useForm<{ password: string; emailCode?: string }>({
    resolver: zodResolver(purpose === 'setup' ? twoFactorSetupRequestSchema : twoFactorPasswordRequestSchema) as never,
    defaultValues: staff ? { password: '', emailCode: '' } : { password: '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    const onError = (error: Error) => {
      form.resetField('password');
      showError(form, error, staff ? ['password', 'emailCode'] : ['password'], 'password');
    };
    if (purpose === 'setup') setUp.mutate(values, { onSuccess: (setup) => onDone({ name: 'scan', setup }), onError });
    else renew.mutate({ password: values.password }, { onSuccess: ({ recoveryCodes }) => onDone({ name: 'codes', codes: recoveryCodes }), onError });
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={purpose === 'setup' ? t('twoFactor.turnOn') : t('twoFactor.newCodes')}
      className="flex max-w-md flex-col gap-4"
    >
      <p className="text-slate-700">{t('twoFactor.passwordIntro')}</p>
      <TextField
        label={t('twoFactor.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={fieldText(form.formState.errors.password)}
        {...form.register('password')}
      />
      {staff && (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700">{t('twoFactor.staffCodeIntro')}</p>
          <div className="flex flex-col items-start gap-2">
            <Button
              variant="outline"
              disabled={sendCode.isPending}
              onClick={() =>
                sendCode.mutate(undefined, {
                  onSuccess: () => setCodeNote(t('twoFactor.staffCodeSent', { email })),
                  onError: (error) => setCodeNote(errorText(error)),
                })
              }
            >
              {sendCode.isPending && <Spinner label={t('twoFactor.staffCodeSending')} />}
              {t('twoFactor.staffSendCode', { email })}
            </Button>
            <p role="status" className="text-sm text-slate-700 empty:hidden">
              {codeNote}
            </p>
          </div>
          <TextField
            label={t('twoFactor.staffCodeLabel')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            error={fieldText(form.formState.errors.emailCode)}
            {...form.register('emailCode')}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending && <Spinner label={t('twoFactor.checking')} />}
          {t('twoFactor.continue')}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The QR code and the key, then one code of the app turns it on. */
function ScanStep({ setup, onDone, onCancel }: { setup: TwoFactorSetupResponse; onDone: (step: Step) => void; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const fieldText = useFieldText();
  const confirm = useConfirmTwoFactor();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(setup.totpUri, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [setup.totpUri]);
  const form = useForm<{ code: string }>({ resolver: zodResolver(twoFactorConfirmRequestSchema) as never, defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: () => {
        toast.success(t('twoFactor.turnedOn'));
        onDone({ name: 'codes', codes: setup.recoveryCodes });
      },
      onError: (error) => {
        form.setValue('code', '');
        showError(form, error, ['code'], 'code');
      },
    }),
  );
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex flex-col gap-5">
        <li className="flex flex-col gap-3">
          <h3 className="font-bold">{t('twoFactor.scanTitle')}</h3>
          <p className="max-w-prose text-slate-700">{t('twoFactor.scanText')}</p>
          <div className="flex size-[232px] items-center justify-center rounded-xl border border-slate-200 bg-white p-1.5">
            {qr ? <img src={qr} width={220} height={220} alt={t('twoFactor.qrAlt')} /> : <Spinner label={t('common:loading')} className="text-slate-500" />}
          </div>
          <div className="flex flex-col gap-2">
            <p className="text-slate-700">{t('twoFactor.keyText')}</p>
            <div className="flex flex-wrap items-center gap-2">
              <code data-testid="two-factor-key" className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-base text-asphalt select-all">
                <GroupedKey secret={setup.secret} />
              </code>
              <Button variant="outline" size="sm" onClick={() => void copy(setup.secret, t('twoFactor.keyCopied'))}>
                <Copy aria-hidden="true" className="size-4" />
                {t('twoFactor.copyKey')}
              </Button>
            </div>
          </div>
        </li>
        <li className="flex flex-col gap-3">
          <h3 className="font-bold">{t('twoFactor.codeTitle')}</h3>
          <form noValidate onSubmit={onSubmit} aria-label={t('twoFactor.codeTitle')} className="flex max-w-md flex-col gap-4">
            <TextField
              label={t('twoFactor.codeLabel')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              error={fieldText(form.formState.errors.code)}
              {...form.register('code')}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending && <Spinner label={t('twoFactor.checking')} />}
                {t('twoFactor.confirm')}
              </Button>
              <Button variant="outline" onClick={onCancel} disabled={confirm.isPending}>
                {t('twoFactor.cancel')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** The recovery codes, shown once: copy, download, done. */
function CodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const text = `${t('twoFactor.fileTitle')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'medallion-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-bold">{t('twoFactor.codesTitle')}</h3>
      <p className="max-w-prose text-slate-700">{t('twoFactor.codesText')}</p>
      <ul aria-label={t('twoFactor.codesTitle')} className="grid max-w-md grid-cols-2 gap-2 rounded-xl bg-slate-100 p-4 font-mono text-base text-asphalt">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void copy(codes.join('\n'), t('twoFactor.codesCopied'))}>
          <Copy aria-hidden="true" className="size-4" />
          {t('twoFactor.copyCodes')}
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          {t('twoFactor.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.savedCodes')}</Button>
      </div>
    </div>
  );
}

/** Turning it off: the password and a current code (of the app, or a recovery code). */
function DisableStep({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const fieldText = useFieldText();
  const disable = useDisableTwoFactor();
  const form = useForm<{ password: string; code: string }>({
    resolver: zodResolver(twoFactorDisableRequestSchema) as never,
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        toast.success(t('twoFactor.turnedOff'));
        onDone();
      },
      onError: (error) => {
        form.setValue('code', '');
        showError(form, error, ['password', 'code'], 'code');
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('twoFactor.turnOff')} className="flex max-w-md flex-col gap-4">
      <p className="text-slate-700">{t('twoFactor.disableIntro')}</p>
      <TextField
        label={t('twoFactor.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={fieldText(form.formState.errors.password)}
        {...form.register('password')}
      />
      <TextField
        label={t('twoFactor.eitherCodeLabel')}
        autoComplete="one-time-code"
        maxLength={11}
        error={fieldText(form.formState.errors.code)}
        {...form.register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <Button variant="danger" type="submit" disabled={disable.isPending}>
          {disable.isPending && <Spinner label={t('twoFactor.checking')} />}
          {t('twoFactor.turnOff')}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={disable.isPending}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Two-step sign-in" of the Security tab: an authenticator app's code after the password. Off: "Turn
 * on" (password → QR code and key → one code → the recovery codes, shown once). On: "Turn off"
 * (password and a code) and "New recovery codes". Staff accounts that must use it are told so here.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('security');
  const session = useSession();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const user = session.data?.user;
  if (!user) return null;
  const on = user.twoFactorEnabled;
  const idle = () => setStep({ name: 'idle' });

  return (
    <section aria-labelledby="two-factor-title" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="two-factor-title" className="text-xl font-bold">
          {t('twoFactor.title')}
        </h2>
        <span
          data-testid="two-factor-status"
          className={
            on ? 'rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-900' : 'rounded-full bg-slate-100 px-3 py-1 text-sm font-bold text-slate-700'
          }
        >
          {on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
        </span>
      </div>
      {user.twoFactorSetupRequired && (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{t('twoFactor.staffRequired')}</p>
        </div>
      )}
      <p className="max-w-prose text-slate-700">{on ? t('twoFactor.onText') : t('twoFactor.offText')}</p>

      {step.name === 'password' ? (
        <PasswordStep purpose={step.purpose} onDone={setStep} onCancel={idle} />
      ) : step.name === 'scan' ? (
        <ScanStep setup={step.setup} onDone={setStep} onCancel={idle} />
      ) : step.name === 'codes' ? (
        <CodesStep codes={step.codes} onDone={idle} />
      ) : step.name === 'disable' ? (
        <DisableStep onDone={idle} onCancel={idle} />
      ) : on ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => setStep({ name: 'password', purpose: 'codes' })}>
            {t('twoFactor.newCodes')}
          </Button>
          <Button variant="outline" className="border-danger text-danger-text hover:bg-danger/10" onClick={() => setStep({ name: 'disable' })}>
            {t('twoFactor.turnOff')}
          </Button>
        </div>
      ) : (
        <div>
          <Button onClick={() => setStep({ name: 'password', purpose: 'setup' })}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('twoFactor.turnOn')}
          </Button>
        </div>
      )}
    </section>
  );
}
