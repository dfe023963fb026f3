import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactUsInput, ContactUsRequest } from '@medallion/contracts/contact';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useSendContactMessage } from '../api/send-contact-message';
import type { contactResolver as ContactResolver } from './contact-validation';

const FIELDS = ['name', 'email', 'message'] as const satisfies readonly (keyof ContactUsInput)[];
const EMPTY: ContactUsInput = { name: '', email: '', message: '' };

// The form is drawn at once (it is part of every page, so it must not appear late and push the page
// around); its checks (zod and the contact schema) load when the visitor first uses it.
let validation: Promise<{ contactResolver: typeof ContactResolver }> | undefined;
function loadValidation() {
  validation ??= import('./contact-validation').catch((error: unknown) => {
    validation = undefined; // tried again next time
    throw error;
  });
  return validation;
}

/**
 * The contract's check, loaded on first use. A field check that cannot load it finds nothing (the
 * submit loads it first and reports the failure).
 */
const resolver: Resolver<ContactUsInput, unknown, ContactUsRequest> = async (values, context, options) => {
  try {
    const { contactResolver } = await loadValidation();
    return await contactResolver(values, context, options);
  } catch {
    return { values: {}, errors: {} };
  }
};

/**
 * The Contact us form: idle → loading → success (fields cleared) or failed (server text below).
 * A field is checked when it loses focus and from then on at every change; all of them on submit,
 * which then focuses the first wrong one.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const [loadFailed, setLoadFailed] = useState(false);
  // Checked at a field's first blur and then at every change of it (onTouched); all fields on submit.
  const form = useForm<ContactUsInput, unknown, ContactUsRequest>({ mode: 'onTouched', defaultValues: EMPTY, resolver });
  const { errors } = form.formState;

  const fieldProps = (field: (typeof FIELDS)[number]) => ({ ...form.register(field), error: keyText(errors[field]?.message) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    try {
      await loadValidation();
    } catch {
      setLoadFailed(true);
      return;
    }
    setLoadFailed(false);
    await form.handleSubmit((request) =>
      send.mutate(request, {
        onSuccess: () => form.reset(EMPTY),
        onError: (error) => applyFieldErrors(form, error, FIELDS),
      }),
    )();
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
          void name.onChange(event);
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
