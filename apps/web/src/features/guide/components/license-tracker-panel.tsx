import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, CheckCircle2, Circle, Download, Hourglass } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatLongDate } from '@medallion/contracts/formats';
import {
  APPOINTMENT_STEPS,
  appointmentCalendar,
  countdown,
  dayProblems,
  fullProgress,
  LICENSE_STEPS,
  newYorkDay,
  type Appointment,
  type LicenseStep,
  type StepProgress,
  type LicenseStepChange,
} from '@medallion/contracts/license-rules';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorText, fieldErrorText, messageText } from '@/lib/error-text';
import { readGuestProgress, writeGuestProgress } from '@/lib/guest-license-progress';
import { useSession } from '@/lib/queries/auth';
import {
  licenseCalendarUrl,
  licenseTrackerKeys,
  postLicenseUnsubscribe,
  putLicenseReminders,
  putLicenseStep,
  setLicenseTracker,
  useLicenseTracker,
} from '@/lib/queries/license-tracker';
import { useSignInPath } from '@/lib/sign-in-path';
import { cn } from '@/lib/cn';
import type { GuideStep } from './steps-guide';

/** What a save answers: nothing when it worked, else the message for the field (or the form). */
type SaveResult = { field?: 'done_on' | 'appointment'; message: string } | undefined;

interface TrackerModel {
  ready: boolean;
  /** The signed-in user's progress could not be read (the server or the connection failed): what to say, and a retry. */
  failed?: { message: string; retry: () => void };
  signedIn: boolean;
  progress: StepProgress[];
  reminders: boolean;
  save: (step: LicenseStep, change: LicenseStepChange) => Promise<SaveResult>;
  setReminders: (on: boolean) => Promise<void>;
}

/** The signed-in user's tracker on the server, or a guest's in this browser (same rules, checked here first). */
function useTrackerModel(): TrackerModel {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const client = useQueryClient();
  const tracker = useLicenseTracker(signedIn);
  const [guest, setGuest] = useState<StepProgress[]>(() => fullProgress(readGuestProgress()));

  if (signedIn) {
    return {
      ready: tracker.isSuccess,
      failed: tracker.isError && !tracker.isFetching ? { message: errorText(tracker.error), retry: () => void tracker.refetch() } : undefined,
      signedIn,
      progress: tracker.data?.data.steps ?? fullProgress([]),
      reminders: tracker.data?.data.reminders ?? true,
      save: async (step, change) => {
        try {
          setLicenseTracker(client, await putLicenseStep(step, change));
          return undefined;
        } catch (error) {
          const field = fieldErrorText(error, 'done_on') ? 'done_on' : fieldErrorText(error, 'appointment') ? 'appointment' : undefined;
          return { field, message: errorText(error) };
        }
      },
      setReminders: async (on) => setLicenseTracker(client, await putLicenseReminders(on)),
    };
  }
  return {
    ready: session.isFetched,
    signedIn,
    progress: guest,
    reminders: false,
    save: async (step, change) => {
      const next = guest.map((p) =>
        p.step === step
          ? {
              step,
              done_on: change.done_on === undefined ? p.done_on : change.done_on,
              appointment: change.appointment === undefined ? p.appointment : change.appointment,
            }
          : p,
      );
      const problem = dayProblems(next, newYorkDay(new Date()), step).find((p) => p.step === step);
      if (problem) return { field: 'done_on', message: messageText({ key: problem.key, params: problem.params, message: problem.key }) };
      setGuest(next);
      writeGuestProgress(next);
      return undefined;
    },
    setReminders: async () => undefined,
  };
}

const dayText = (day: string, language: string) => formatLongDate(new Date(`${day}T12:00:00Z`), language);
/** An appointment's New York time (HH:MM) as the language writes it: "9:30 AM", "09:30". */
const timeText = (time: string, language: string) =>
  new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`1970-01-01T${time}:00Z`));

/**
 * The personal license tracker under the guide's step (issue #34): the 8 steps done or not, the
 * 90-day countdown from filing, the current step's done day and appointment (with a calendar file),
 * and the reminder setting. Signed in it is kept on the server; a guest's stays in this browser until
 * they sign in. See docs/license-tracker.md.
 */
export function LicenseTrackerPanel({ current }: { current: number }) {
  const { t, i18n } = useTranslation('steps');
  const model = useTrackerModel();
  const signInPath = useSignInPath();
  const names = (t('steps', { returnObjects: true }) as GuideStep[]).map((s) => s.nav);
  const today = newYorkDay(new Date());
  const step = LICENSE_STEPS[current - 1]!;
  const entry = model.progress.find((p) => p.step === step) ?? { step, done_on: null, appointment: null };
  const clock = countdown(model.progress, today);
  const done = model.progress.filter((p) => p.done_on).length;

  return (
    <section
      aria-labelledby="tracker-title"
      className="flex min-h-72 flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid="tracker"
    >
      <div className="flex flex-col gap-1">
        <h2 id="tracker-title" className="text-xl font-bold">
          {t('tracker.title')}
        </h2>
        <p className="text-slate-700" data-testid="tracker-done-count">
          {t('tracker.doneCount', { done, total: LICENSE_STEPS.length })}
        </p>
      </div>
      <Unsubscribe signedIn={model.signedIn} ready={model.ready} setReminders={model.setReminders} />

      <div className="rounded-xl bg-slate-100 p-4" data-testid="countdown" role="status">
        {clock ? (
          clock.days_left >= 0 ? (
            <p className="flex items-start gap-2">
              <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-taxi-dark" />
              <span>
                <strong className="text-asphalt">{t('tracker.countdown', { count: clock.days_left })}</strong>{' '}
                {t('tracker.until', { date: dayText(clock.deadline, i18n.language), filed: dayText(clock.filed_on, i18n.language) })}
              </span>
            </p>
          ) : (
            <p>{t('tracker.countdownPassed', { date: dayText(clock.deadline, i18n.language) })}</p>
          )
        ) : (
          <p>{t('tracker.notFiled')}</p>
        )}
      </div>

      <ol className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-4" aria-label={t('tracker.title')}>
        {LICENSE_STEPS.map((s, i) => {
          const p = model.progress.find((x) => x.step === s);
          return (
            <li key={s} className={cn('flex items-center gap-2', i === current - 1 && 'font-semibold')}>
              {p?.done_on ? (
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
              ) : (
                <Circle aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              )}
              <Link to={i === 0 ? '/steps' : `/steps?step=${i + 1}`} preventScrollReset className="underline-offset-2 hover:underline">
                {i + 1}. {names[i]}
              </Link>
              {p?.done_on && <span className="sr-only">({t('tracker.done')})</span>}
            </li>
          );
        })}
      </ol>

      {!model.signedIn && model.ready && (
        <p className="rounded-xl border border-taxi/50 bg-taxi-soft/60 p-4 text-sm">
          {t('tracker.guestNote')}{' '}
          <Link to={signInPath} className="font-semibold underline">
            {t('tracker.signIn')}
          </Link>
        </p>
      )}

      {model.ready ? (
        <div className="grid gap-6 border-t border-slate-200 pt-5 lg:grid-cols-2" key={step}>
          <DoneForm n={current} name={names[current - 1] ?? ''} entry={entry} today={today} save={model.save} />
          {APPOINTMENT_STEPS.includes(step) && <AppointmentForm entry={entry} name={names[current - 1] ?? ''} signedIn={model.signedIn} save={model.save} />}
        </div>
      ) : model.failed ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm" data-testid="tracker-failed">
          <p className="text-danger-text">
            {t('tracker.unavailable')} {model.failed.message}
          </p>
          <Button type="button" size="sm" variant="outline" onClick={model.failed.retry}>
            {t('tracker.retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-slate-600">
          {t('tracker.loading')}
        </p>
      )}

      {model.signedIn && model.ready && <RemindersSwitch on={model.reminders} setReminders={model.setReminders} />}
    </section>
  );
}

/** The reminder setting: shows the choice at once, and the server's answer (or its error) after. */
function RemindersSwitch({ on, setReminders }: { on: boolean; setReminders: (on: boolean) => Promise<void> }) {
  const { t } = useTranslation('steps');
  const [pending, setPending] = useState<boolean>();
  const [error, setError] = useState<string>();
  const change = (value: boolean) => {
    setPending(value);
    setError(undefined);
    setReminders(value).then(
      () => setPending(undefined),
      (failure: unknown) => {
        setPending(undefined);
        setError(errorText(failure));
      },
    );
  };
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-5">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-asphalt"
          checked={pending ?? on}
          onChange={(e) => change(e.target.checked)}
          data-testid="reminders-toggle"
        />
        <span>{t('tracker.reminders')}</span>
      </label>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}

function DoneForm({ n, name, entry, today, save }: { n: number; name: string; entry: StepProgress; today: string; save: TrackerModel['save'] }) {
  const { t, i18n } = useTranslation('steps');
  const [day, setDay] = useState(entry.done_on ?? today);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const run = async (done_on: string | null) => {
    setBusy(true);
    setSaved(false);
    const result = await save(entry.step, { done_on });
    setBusy(false);
    setError(result?.message);
    setSaved(!result);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(day);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="done-form">
      <h3 className="font-semibold">{t('tracker.stepStatus', { n, name })}</h3>
      <p className="flex items-center gap-2" data-testid="step-status">
        {entry.done_on ? (
          <>
            <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
            {t('tracker.doneOn', { date: dayText(entry.done_on, i18n.language) })}
          </>
        ) : (
          t('tracker.notDone')
        )}
      </p>
      <TextField type="date" label={t('tracker.doneLabel')} value={day} max={today} onChange={(e) => setDay(e.target.value)} error={error} required />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="dark" disabled={busy || !day}>
          {entry.done_on ? t('tracker.changeDay') : t('tracker.markDone')}
        </Button>
        {entry.done_on && (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void run(null)}>
            {t('tracker.undo')}
          </Button>
        )}
        {saved && (
          <span role="status" className="text-sm text-success-text">
            {t('tracker.saved')}
          </span>
        )}
      </div>
    </form>
  );
}

function AppointmentForm({ entry, name, signedIn, save }: { entry: StepProgress; name: string; signedIn: boolean; save: TrackerModel['save'] }) {
  const { t, i18n } = useTranslation('steps');
  const [value, setValue] = useState<Appointment>(entry.appointment ?? { date: '', time: '', place: '' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (appointment: Appointment | null) => {
    setBusy(true);
    const result = await save(entry.step, { appointment });
    setBusy(false);
    setError(result?.message);
    if (!result && !appointment) setValue({ date: '', time: '', place: '' });
  };
  const set = (field: keyof Appointment) => (e: { target: { value: string } }) => setValue((v) => ({ ...v, [field]: e.target.value }));
  const saved = entry.appointment;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void run({ ...value, place: value.place.trim() });
      }}
      className="flex flex-col gap-3"
      data-testid="appointment-form"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <CalendarDays aria-hidden="true" className="size-5" />
        {t('tracker.appointmentTitle')}
      </h3>
      {saved ? (
        <div className="flex flex-col gap-2" data-testid="appointment">
          <p>
            {t('tracker.appointmentAt', { date: dayText(saved.date, i18n.language), time: timeText(saved.time, i18n.language) })}
            {saved.place && <span className="block text-slate-700">{saved.place}</span>}
          </p>
          <CalendarLink entry={{ ...entry, appointment: saved }} name={name} signedIn={signedIn} />
        </div>
      ) : (
        <p className="text-slate-600">{t('tracker.appointmentNone')}</p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField type="date" label={t('tracker.appointmentDate')} value={value.date} onChange={set('date')} required />
        <TextField type="time" label={t('tracker.appointmentTime')} value={value.time} onChange={set('time')} required />
      </div>
      <TextField label={t('tracker.appointmentPlace')} value={value.place} onChange={set('place')} maxLength={200} autoComplete="off" error={error} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="dark" disabled={busy || !value.date || !value.time}>
          {t('tracker.saveAppointment')}
        </Button>
        {saved && (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void run(null)}>
            {t('tracker.removeAppointment')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The appointment as a calendar file: the server's for an account, built here for a guest. */
function CalendarLink({ entry, name, signedIn }: { entry: StepProgress & { appointment: Appointment }; name: string; signedIn: boolean }) {
  const { t } = useTranslation('steps');
  const href = signedIn
    ? licenseCalendarUrl(entry.step)
    : `data:text/calendar;charset=utf-8,${encodeURIComponent(
        appointmentCalendar({
          uid: `license-${entry.step}-guest-${entry.appointment.date}${entry.appointment.time.replace(':', '')}@medallion`,
          stamp: new Date(),
          appointment: entry.appointment,
          summary: `TLC: ${name}`,
          url: new URL('/steps', window.location.origin).toString(),
        }),
      )}`;
  return (
    <a href={href} download={`medallion-${entry.step}.ics`} className={cn(buttonClasses('outline', 'sm'), 'self-start')} data-testid="ics-link">
      <Download aria-hidden="true" className="size-4" />
      {t('tracker.downloadIcs')}
    </a>
  );
}

/** ?unsubscribe=<token> (the reminder e-mail's link): reminders off at once, and a way to turn them back on. */
function Unsubscribe({ signedIn, ready, setReminders }: { signedIn: boolean; ready: boolean; setReminders: (on: boolean) => Promise<void> }) {
  const { t } = useTranslation('steps');
  const [params] = useSearchParams();
  const token = params.get('unsubscribe');
  const signInPath = useSignInPath();
  const [state, setState] = useState<'idle' | 'off' | 'on' | { error: string }>('idle');
  const started = useRef(false);
  const client = useQueryClient();
  const notice = useRef<HTMLDivElement>(null);
  const shown = state !== 'idle';

  // The e-mail's link opens the guide's first step: the answer sits under it, so it is brought into view.
  useEffect(() => {
    if (!shown) return;
    notice.current?.scrollIntoView({ block: 'center' });
    notice.current?.focus({ preventScroll: true });
  }, [shown]);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    postLicenseUnsubscribe(token).then(
      () => {
        setState('off');
        void client.invalidateQueries({ queryKey: licenseTrackerKeys.all });
      },
      (error: unknown) => setState({ error: errorText(error) }),
    );
  }, [token, client]);

  if (!token || state === 'idle') return null;
  if (typeof state === 'object')
    return (
      <div ref={notice} tabIndex={-1} role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger-text focus:outline-none">
        {state.error}
      </div>
    );
  return (
    <div
      ref={notice}
      tabIndex={-1}
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm focus:outline-none"
      data-testid="unsubscribed"
    >
      {state === 'on' ? (
        <span>{t('tracker.remindersBackOn')}</span>
      ) : (
        <>
          <span className="font-semibold">{t('tracker.unsubscribed')}</span>
          {signedIn ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={!ready}
              onClick={() =>
                void setReminders(true).then(
                  () => setState('on'),
                  (error: unknown) => setState({ error: errorText(error) }),
                )
              }
            >
              {t('tracker.turnBackOn')}
            </Button>
          ) : (
            <Link to={signInPath} className="font-semibold underline">
              {t('tracker.signInToTurnOn')}
            </Link>
          )}
        </>
      )}
    </div>
  );
}
