import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupReturnTarget } from '@medallion/contracts/payments';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCreateSetupIntent } from '../api/create-setup-intent';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardForm } from './stripe-card-form';
import { errorText } from '@/lib/error-text';

/** Stripe's own script, when the server does not name one. */
const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** Where the card form returns to after the setup is confirmed (spec §2 /success-setup-intent). */
export function setupReturnUrl(from: SetupReturnTarget, listingId?: string): string {
  const params = new URLSearchParams({ from });
  if (listingId) params.set('listingId', listingId);
  return `/success-setup-intent?${params.toString()}`;
}

/** "Add payment method": opens the card form over the page. */
export function AddCardDialog({ from, listingId }: { from: SetupReturnTarget; listingId?: string }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  const setup = useCreateSetupIntent();
  const intent = setup.data?.data;
  const onSaved = () => window.location.assign(setupReturnUrl(from, listingId));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setup.mutate();
        else setup.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="dark">{t('add')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-asphalt/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-3">
            <Dialog.Title className="text-xl font-bold text-asphalt">{t('form.title')}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label={t('close')}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('form.description')}</Dialog.Description>
          {setup.isPending || (!intent && !setup.isError) ? (
            <Spinner label={t('common:loading')} className="text-slate-500" />
          ) : setup.isError || !intent ? (
            <p role="alert" className="text-danger-text">
              {errorText(setup.error)}
            </p>
          ) : intent.mode === 'sandbox' ? (
            <SandboxCardForm clientSecret={intent['client-secret']} onSaved={onSaved} />
          ) : (
            <StripeCardForm
              jsUrl={intent['js-url'] ?? DEFAULT_STRIPE_JS_URL}
              publishableKey={intent['publishable-key']}
              clientSecret={intent['client-secret']}
              onSaved={onSaved}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
