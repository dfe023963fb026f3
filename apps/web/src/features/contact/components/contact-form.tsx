import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactUsRequestSchema, type ContactUsInput, type ContactUsRequest } from '@medallion/contracts/contact';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

/** The Contact us form: idle → loading → success (fields cleared) or failed (server text below). */
export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const form = useForm<ContactUsInput, unknown, ContactUsRequest>({
    resolver: zodResolver(contactUsRequestSchema),
    defaultValues: { name: '', email: '', message: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const fieldError = (key?: string) => (key ? t(`validation.${key}`, { defaultValue: key }) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => form.reset(),
    });
  });

  const failure =
    send.error instanceof ApiClientError
      ? send.error.code === 'RATE_LIMITED'
        ? t('contact.rateLimited')
        : send.error.message
      : send.error
        ? t('errors.unexpected')
        : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('contact.formLabel')} className="flex flex-col gap-4">
      <TextField
        label={t('contact.name')}
        autoComplete="name"
        error={fieldError(errors.name?.message)}
        {...form.register('name', { onChange: () => send.isSuccess && send.reset() })}
      />
      <TextField
        label={t('contact.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        {...form.register('email')}
      />
      <TextAreaField label={t('contact.message')} rows={5} error={fieldError(errors.message?.message)} {...form.register('message')} />
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
