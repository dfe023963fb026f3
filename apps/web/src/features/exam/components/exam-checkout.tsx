import { BookOpenCheck, Tag } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EXAM_ACCESS_MONTHS, EXAM_PRICE_CENTS, PROMO_CODE_LENGTH } from '@medallion/contracts/payments';
import { EXAM_QUESTION_COUNT } from '@medallion/contracts/exam-constants';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, NoticeCard } from '@/components/ui/card';
import { CheckoutAlert, CheckoutLayout, PayButton } from '@/components/ui/checkout-layout';
import { SuccessPanel } from '@/components/ui/success-panel';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useCheckoutAttempt } from '@/lib/checkout-attempt';
import { useChosenCard } from '@/lib/chosen-card';
import { cn } from '@/lib/cn';
import { useMoney } from '@/lib/money';
import { useExamQuestions } from '@/lib/queries/exam';
import { useCheckPromoCode } from '../api/check-promo-code';
import { usePayExamAccess } from '../api/pay-exam-access';

type Promo =
  | { state: 'none' }
  | { state: 'checking'; code: string }
  | { state: 'applied'; code: string; discount: number; price: number }
  | { state: 'invalid'; code: string };

/**
 * "Back to Exam", and first "Back to practice" when a practice run sent the user here
 * (its path comes in the router state).
 */
function BackLinks({ size }: { size: 'md' | 'lg' }) {
  const { t } = useTranslation('exam');
  const state: unknown = useLocation().state;
  const returnTo = state && typeof state === 'object' && 'returnTo' in state ? state.returnTo : null;
  const practice = typeof returnTo === 'string' && /^\/exam\?(practice=[\w-]+|mode=timed|topic=[\w-]+)$/.test(returnTo) ? returnTo : null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {practice && (
        <Link to={practice} className={buttonClasses('primary', size)}>
          {t('checkout.backToPractice')}
        </Link>
      )}
      <Link to="/exam" className={buttonClasses(practice ? 'outline' : 'primary', size)}>
        {t('checkout.backToExam')}
      </Link>
    </div>
  );
}

function Success() {
  const { t } = useTranslation('exam');
  return (
    <SuccessPanel title={t('checkout.successTitle')} text={t('checkout.successText')}>
      <BackLinks size="lg" />
    </SuccessPanel>
  );
}

/** "Review & Checkout" of exam access: $20.00 for 3 months, $5 off with the promo code. */
export function ExamCheckout({ renderPaymentMethods }: { renderPaymentMethods: (selectedId: string | null, onSelect: (id: string) => void) => ReactNode }) {
  const { t, i18n } = useTranslation('exam');
  const money = useMoney();
  const questions = useExamQuestions();
  const pay = usePayExamAccess();
  const checkPromo = useCheckPromoCode();
  const [cardId, setCardId] = useChosenCard();
  const [missingCard, setMissingCard] = useState(false);
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<Promo>({ state: 'none' });
  const latestCode = useRef('');
  const attempt = useCheckoutAttempt();
  const promoId = useId();
  const promoStatusId = useId();

  if (pay.isSuccess) return <Success />;
  const access = questions.data?.data;
  if (access?.full_access) {
    const date = access.access_expiry ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(access.access_expiry)) : '';
    return (
      <NoticeCard>
        <h2 className="text-xl font-bold">{t('checkout.alreadyTitle')}</h2>
        {date && <p className="text-slate-700">{t('checkout.alreadyText', { date })}</p>}
        <BackLinks size="md" />
      </NoticeCard>
    );
  }

  const check = (raw: string) => {
    const value = raw.trim();
    latestCode.current = value;
    if (value === '') {
      setPromo({ state: 'none' });
      return;
    }
    if (value.length !== PROMO_CODE_LENGTH) {
      setPromo({ state: 'invalid', code: value });
      return;
    }
    setPromo({ state: 'checking', code: value });
    checkPromo.mutate(value, {
      onSuccess: (result) => {
        if (latestCode.current !== value) return;
        const { valid, discount_cents, price_cents } = result.data;
        setPromo(valid ? { state: 'applied', code: value, discount: discount_cents, price: price_cents } : { state: 'invalid', code: value });
      },
      onError: () => {
        if (latestCode.current === value) setPromo({ state: 'invalid', code: value });
      },
    });
  };

  const onCodeChange = (value: string) => {
    const next = value.slice(0, PROMO_CODE_LENGTH);
    setCode(next);
    pay.reset();
    if (next.trim().length === PROMO_CODE_LENGTH) check(next);
    else {
      latestCode.current = next.trim();
      setPromo({ state: 'none' });
    }
  };

  const applied = promo.state === 'applied' ? promo : null;
  const discount = applied?.discount ?? 0;
  const totalCents = applied ? applied.price : EXAM_PRICE_CENTS;

  const error = pay.error;
  const serverPromoError = error instanceof ApiClientError && Boolean(error.fields?.['referal-code']);
  const shownError = error
    ? error instanceof ApiClientError && error.status > 0 && (error.status < 500 || error.code === 'SERVICE_UNAVAILABLE') && error.key
      ? errorText(error)
      : t('checkout.paymentError')
    : null;

  const submit = () => {
    if (!cardId) {
      setMissingCard(true);
      return;
    }
    if (promo.state === 'checking') return;
    pay.mutate(
      {
        paymentMethodId: cardId,
        promoCode: applied?.code.toUpperCase(),
        amountCents: totalCents,
        discountCents: discount,
        transactionId: attempt.transactionId(),
      },
      {
        onSuccess: () => attempt.answered(),
        onError: (e) => {
          attempt.answered(e);
          if (e instanceof ApiClientError && e.fields?.['referal-code'] && applied) setPromo({ state: 'invalid', code: applied.code });
        },
      },
    );
  };

  const promoInvalid = promo.state === 'invalid' || serverPromoError;
  return (
    <CheckoutLayout
      summaryTitle={t('checkout.summary')}
      beforeLines={
        <form
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            check(code);
          }}
        >
          <label htmlFor={promoId} className="font-semibold">
            {t('checkout.promo')}
          </label>
          <div className="flex gap-2">
            <input
              id={promoId}
              value={code}
              maxLength={PROMO_CODE_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t('checkout.promoHint')}
              aria-invalid={promoInvalid || undefined}
              aria-describedby={promoStatusId}
              onChange={(e) => onCodeChange(e.target.value)}
              className={cn(
                'min-h-11 w-full min-w-0 rounded-lg border px-3 font-mono uppercase tracking-widest placeholder:font-sans placeholder:normal-case placeholder:tracking-normal',
                promoInvalid ? 'border-danger' : 'border-slate-300',
              )}
            />
            <Button type="submit" variant="outline" className="shrink-0">
              {t('checkout.apply')}
            </Button>
          </div>
          <p id={promoStatusId} aria-live="polite" className="min-h-6 text-sm">
            {promo.state === 'checking' && <span className="text-slate-600">{t('checkout.checking')}</span>}
            {promo.state === 'applied' && (
              <span className="inline-flex items-center gap-1 font-semibold text-success-text">
                <Tag aria-hidden="true" className="size-4" />
                {t('checkout.promoApplied', { amount: money(promo.discount) })}
              </span>
            )}
            {promoInvalid && promo.state !== 'applied' && <span className="font-semibold text-danger-text">{t('checkout.promoInvalid')}</span>}
          </p>
        </form>
      }
      lines={[
        { label: t('checkout.price'), amount: money(EXAM_PRICE_CENTS) },
        ...(applied ? [{ label: t('checkout.discount'), amount: `−${money(discount)}`, className: 'text-success-text' }] : []),
      ]}
      total={{ label: t('checkout.total'), amount: money(totalCents), testId: 'exam-total' }}
      afterLines={
        <>
          {(missingCard || shownError) && (
            <CheckoutAlert>
              <p>{missingCard ? t('checkout.cardRequired') : shownError}</p>
            </CheckoutAlert>
          )}
          <PayButton
            pending={pay.isPending}
            disabled={promo.state === 'checking'}
            label={t('checkout.submit')}
            pendingLabel={t('checkout.processing')}
            onClick={submit}
          />
        </>
      }
    >
      <Card as="section" aria-labelledby="product-title" className="flex gap-4 p-5 sm:p-6">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-taxi-soft text-asphalt">
          <BookOpenCheck aria-hidden="true" className="size-7" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="product-title" className="text-lg font-bold leading-snug">
            {t('checkout.product')}
          </h2>
          <p className="text-slate-700">
            {t('checkout.productText', { total: access?.pool_size ?? access?.total ?? EXAM_QUESTION_COUNT, months: EXAM_ACCESS_MONTHS })}
          </p>
          <p className="font-semibold">{money(EXAM_PRICE_CENTS)}</p>
        </div>
      </Card>
      {renderPaymentMethods(cardId, (id) => {
        setCardId(id);
        setMissingCard(false);
        pay.reset();
      })}
    </CheckoutLayout>
  );
}
