import { useQuery } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { stripeJsKeys } from '@/lib/queries/payments';
import { loadStripeJs, type StripeCardElement, type StripeConstructor, type StripeInstance } from '../lib/stripe-js';

interface Props {
  /** Stripe.js (STRIPE_JS_URL, from create-setup-intent). */
  jsUrl: string;
  publishableKey: string;
  clientSecret: string;
  /** The card is saved (the setup intent succeeded). */
  onSaved: () => void;
}

/** Stripe's card field drawn like our text fields (Stripe.js styles the inside of its frame). */
const CARD_STYLE = {
  base: {
    color: '#0f172a',
    fontSize: '16px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    '::placeholder': { color: '#94a3b8' },
  },
  invalid: { color: '#b3261e', iconColor: '#b3261e' },
};

/** Stripe mode of "Add a card": Stripe Elements' card field, confirmed with Stripe.js. */
export function StripeCardForm({ jsUrl, ...props }: Props) {
  const { t } = useTranslation('payments');
  const stripeJs = useQuery({
    queryKey: stripeJsKeys.script(jsUrl),
    queryFn: () => loadStripeJs(jsUrl),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  const { i18n } = useTranslation();
  // Stripe localises its field texts and error messages.
  const locale = i18n.language === 'ru' ? 'ru' : 'en';

  if (stripeJs.data) return <StripeCardFields key={`${props.publishableKey}:${locale}`} Stripe={stripeJs.data} locale={locale} {...props} />;
  if (stripeJs.isError && !stripeJs.isFetching) {
    return <ErrorState message={t('stripe.loadFailed')} retryLabel={t('retry')} onRetry={() => void stripeJs.refetch()} />;
  }
  return <Spinner label={t('stripe.loading')} className="text-slate-500" />;
}

function startStripe(Stripe: StripeConstructor, publishableKey: string, locale: string): StripeInstance | null {
  try {
    return Stripe(publishableKey, { locale });
  } catch (error) {
    console.error('Stripe.js could not start', error);
    return null;
  }
}

function StripeCardFields({ Stripe, locale, publishableKey, clientSecret, onSaved }: Omit<Props, 'jsUrl'> & { Stripe: StripeConstructor; locale: string }) {
  const { t } = useTranslation('payments');
  // One Stripe instance per form (the parent keys the form by key and language).
  const [stripe] = useState(() => startStripe(Stripe, publishableKey, locale));
  const labelId = useId();
  const fieldErrorId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const node = mountRef.current;
    if (!node || !stripe) return;
    const card = stripe.elements({ locale }).create('card', { style: CARD_STYLE, hidePostalCode: true });
    card.on('ready', () => setReady(true));
    card.on('focus', () => setFocused(true));
    card.on('blur', () => setFocused(false));
    card.on('change', (event) => setFieldError(event.error?.message ?? null));
    card.mount(node);
    cardRef.current = card;
    return () => {
      card.destroy();
      if (cardRef.current === card) cardRef.current = null;
    };
  }, [stripe, locale]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const card = cardRef.current;
    if (!stripe || !card || confirming) return;
    setProviderError(null);
    setConfirming(true);
    card.update({ disabled: true });
    let message: string | null;
    try {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (!result.error) {
        // Saved: the page moves on (the button stays busy until it does).
        onSaved();
        return;
      }
      // A field problem (e.g. "Your card number is incomplete.") is already shown under the field.
      message = result.error.type === 'validation_error' ? null : (result.error.message ?? t('common:errors.unexpected'));
    } catch (error) {
      console.error('confirmCardSetup failed', error);
      message = t('common:errors.unexpected');
    }
    setProviderError(message);
    setConfirming(false);
    card.update({ disabled: false });
    card.focus();
  }

  if (!stripe) {
    return (
      <p role="alert" className="rounded-lg bg-danger/10 p-3 font-medium text-danger-text">
        {t('stripe.startFailed')}
      </p>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('form.title')} aria-busy={confirming} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        {/* Stripe's fields live in its own frame, so the label names the group and focuses the field. */}
        <span id={labelId} className="text-sm font-semibold text-slate-800" onClick={() => cardRef.current?.focus()}>
          {t('stripe.cardLabel')}
        </span>
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={fieldError ? fieldErrorId : undefined}
          aria-invalid={fieldError ? true : undefined}
          className={cn(
            'relative min-h-[2.875rem] rounded-lg border bg-white px-3 py-2.5',
            fieldError ? 'border-danger' : focused ? 'border-info ring-2 ring-info/30' : 'border-slate-300',
            confirming && 'bg-slate-100',
          )}
        >
          <div ref={mountRef} />
          {!ready && (
            <span className="absolute inset-0 flex items-center px-3">
              <Spinner label={t('stripe.loading')} className="text-slate-400" />
            </span>
          )}
        </div>
        {fieldError && (
          <p id={fieldErrorId} role="alert" className="text-sm font-medium text-danger-text">
            {fieldError}
          </p>
        )}
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('stripe.secure')}
        </p>
      </div>
      {providerError && (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 font-medium text-danger-text">
          {providerError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!ready || confirming}>
        {confirming && (
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none" />
        )}
        {confirming ? t('form.saving') : t('form.save')}
      </Button>
    </form>
  );
}
