import { CheckCircle2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactUsInput } from '@medallion/contracts/contact';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useSendContactMessage } from '../api/send-contact-message';
import type { checkContact as CheckContact, ContactErrors, ContactField } from './contact-validation';

const FIELDS = ['name', 'email', 'message'] as const satisfies readonly ContactField[];
const EMPTY: ContactUsInput = { name: '', email: '', message: '' };

// The form is drawn at once (it is part of every page, so it must not appear late and push the page
// around); its checks (zod and the contact schema) load when the visitor first uses it.
let validation: Promise<{ checkContact: typeof CheckContact }> | undefined;
function loadValidation() {
  validation ??= import('./contact-validation').catch((error: unknown) => {
    validation = undefined; // tried again next time
    throw error;
  });
  return validation;
}

/**
 * The Contact us form: idle → loading → success (fields cleared) or failed (server text below).
 * A field is checked when it loses focus and from then on at every change; all of them on submit,
 * which then focuses the first wrong one.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const [values, setValues] = useState<ContactUsInput>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [live, setLive] = useState<ReadonlySet<ContactField>>(() => new Set());
  const [loadFailed, setLoadFailed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fieldError = (key?: string) => (key ? t(`messages.${key}`, { defaultValue: key }) : undefined);

  /** Checks some fields of `next` and shows (or clears) their errors. */
  const check = (next: ContactUsInput, fields: readonly ContactField[]) => {
    loadValidation().then(
      ({ checkContact }) => {
        const found = checkContact(next).errors;
        setErrors((previous) => {
          const merged = { ...previous };
          for (const field of fields) merged[field] = found[field];
          return merged;
        });
      },
      () => undefined, // a field is checked again on submit, which reports the failure
    );
  };

  const fieldProps = (field: ContactField) => ({
    name: field,
    value: values[field],
    error: fieldError(errors[field]),
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      if (live.has(field)) check(next, [field]);
    },
    onBlur: () => {
      if (!live.has(field)) setLive(new Set(live).add(field));
      check(values, [field]);
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    let checkContact;
    try {
      ({ checkContact } = await loadValidation());
    } catch {
      setLoadFailed(true);
      return;
    }
    setLoadFailed(false);
    const result = checkContact(values);
    setErrors(result.errors);
    setLive(new Set(FIELDS));
    if (!result.request) {
      const first = FIELDS.find((field) => result.errors[field] !== undefined);
      const control = first && formRef.current?.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    send.mutate(result.request, {
      onSuccess: () => {
        setValues(EMPTY);
        setErrors({});
        setLive(new Set());
      },
    });
  };

  const failure = loadFailed
    ? t('errors.network')
    : send.error instanceof ApiClientError
      ? send.error.code === 'RATE_LIMITED'
        ? t('contact.rateLimited')
        : errorText(send.error)
      : send.error
        ? t('errors.unexpected')
        : null;

  const name = fieldProps('name');
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      // Fetch the checks as soon as the visitor starts on the form.
      onFocus={() => void loadValidation().catch(() => undefined)}
      aria-label={t('contact.formLabel')}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('contact.name')}
        autoComplete="name"
        {...name}
        onChange={(event) => {
          if (send.isSuccess) send.reset();
          name.onChange(event);
        }}
      />
      <TextField label={t('contact.email')} type="email" inputMode="email" autoComplete="email" {...fieldProps('email')} />
      <TextAreaField label={t('contact.message')} rows={5} {...fieldProps('message')} />
      <div>
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
          {send.isPending ? <Spinner label={t('contact.sending')} /> : null}
          {send.isPending ? t('contact.sending') : t('contact.submit')}
        </Button>
      </div>
      <div aria-live="polite">
        {send.isSuccess && (
          <p className="flex items-start gap-2 rounded-lg bg-success/10 p-3 font-medium text-success-text">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('contact.success')}
          </p>
        )}
        {failure && (
          <p role="alert" className="rounded-lg bg-danger/10 p-3 font-medium text-danger-text">
            {failure}
          </p>
        )}
      </div>
    </form>
  );
}
