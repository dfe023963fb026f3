import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupReturnTarget } from '@medallion/contracts/payments';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCard, DialogDescription, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCreateSetupIntent } from '../api/create-setup-intent';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardForm } from './stripe-card-form';
import { errorText } from '@/lib/error-text';

/** Stripe's own script, when the server does not name one. */
const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** Where the card form returns to after the setup is confirmed (`returnParams`: the page's own, e.g. a rental's id). */
export function setupReturnUrl(from: SetupReturnTarget, listingId?: string, returnParams?: Record<string, string>): string {
  const params = new URLSearchParams({ from, ...returnParams });
  if (listingId) params.set('listingId', listingId);
  return `/success-setup-intent?${params.toString()}`;
}

/** "Add payment method": opens the card form over the page. */
export function AddCardDialog({ from, listingId, returnParams }: { from: SetupReturnTarget; listingId?: string; returnParams?: Record<string, string> }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  const setup = useCreateSetupIntent();
  const intent = setup.data?.data;
  const onSaved = () => window.location.assign(setupReturnUrl(from, listingId, returnParams));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setup.mutate();
        else setup.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="dark">{t('add')}</Button>
      </DialogTrigger>
      <DialogCard>
        <DialogHeader className="mb-4" title={t('form.title')} closeLabel={t('close')} />
        <DialogDescription className="sr-only">{t('form.description')}</DialogDescription>
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
      </DialogCard>
    </Dialog>
  );
}
