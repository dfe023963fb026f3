import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_LISTING_MESSAGE_LENGTH, sendListingMessageRequestSchema, type SendListingMessageRequest } from '@medallion/contracts/conversations';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useSendListingMessage } from '../api/send-listing-message';

/** The message to the owner: relayed by e-mail (Reply-To the sender), kept in both dashboards. */
export function MessageOwnerForm({ listingId }: { listingId: string }) {
  const { t } = useTranslation('conversations');
  const form = useForm<SendListingMessageRequest>({ resolver: zodResolver(sendListingMessageRequestSchema), defaultValues: { body: '' } });
  const send = useSendListingMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors } = form.formState;
  // Zod's messages are catalogue keys; the server's (type "server") are translated already.
  const error = errors.body?.type === 'server' ? errors.body.message : keyText(errors.body?.message);

  const submit = form.handleSubmit(({ body }) => {
    setSentTo(null);
    send.mutate(
      { listingId, body },
      {
        onSuccess: ({ data }) => {
          setSentTo(data.conversation_id);
          form.reset({ body: '' });
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e, ['body'])) form.setError('body', { type: 'server', message: errorText(e) });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <TextAreaField
        label={t('owner.label')}
        hint={t('owner.hint')}
        rows={4}
        maxLength={MAX_LISTING_MESSAGE_LENGTH}
        error={error}
        {...form.register('body', { onChange: () => setSentTo(null) })}
      />
      <Button type="submit" variant="dark" disabled={send.isPending} className="self-start">
        {send.isPending && <Spinner label={t('owner.sending')} />}
        {t('owner.send')}
      </Button>
      <div role="status">
        {sentTo && (
          <p className="flex items-start gap-2 rounded-lg bg-success/10 px-3 py-2 text-sm text-success-text">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {t('owner.sent')}{' '}
              <Link to={`/dashboard?tab=messages&conversation=${sentTo}`} className="font-semibold underline">
                {t('owner.openThread')}
              </Link>
            </span>
          </p>
        )}
      </div>
    </form>
  );
}
