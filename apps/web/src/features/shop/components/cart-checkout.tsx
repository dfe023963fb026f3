import { orderNumber, orderTotals, type CartItem, type DeliveryAddress, deliveryAddressSchema, type Order } from '@medallion/contracts/shop';
import type { MessageKey } from '@medallion/contracts/messages';
import { localizedTitle } from '@medallion/contracts/product-text';
import { Minus, Package, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, NoticeCard } from '@/components/ui/card';
import { CheckoutAlert, CheckoutLayout, PayButton } from '@/components/ui/checkout-layout';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { SuccessPanel } from '@/components/ui/success-panel';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useCheckoutAttempt } from '@/lib/checkout-attempt';
import { useChosenCard } from '@/lib/chosen-card';
import { useCart, useOrders } from '@/lib/queries/shop';
import { useDeleteCartItem, useUpdateCartQuantity } from '../api/cart-mutations';
import { useCheckoutCart } from '../api/checkout-cart';
import { addressFromOrder, clearCheckoutDraft, EMPTY_ADDRESS, hasAddress, readCheckoutDraft, writeCheckoutDraft } from '../lib/checkout-draft';
import { US_STATE_CODES } from '@medallion/contracts/us-states';
import { useMoney, useTaxRate } from '@/lib/money';

interface Props {
  /** The signed-in user: the shipping form and the unticked items are remembered per user during the visit. */
  userId?: string;
  /** The saved cards as radio buttons with "Add payment method" (composed by the route). */
  renderPaymentMethods: (selectedId: string | null, onSelect: (id: string) => void) => ReactNode;
}

function CartLine({ item, selected, onToggle }: { item: CartItem; selected: boolean; onToggle: (selected: boolean) => void }) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const update = useUpdateCartQuantity();
  // Shown in the reader's language; data-title stays the product's English title (a stable handle).
  const title = localizedTitle(item, i18n.language);
  const remove = useDeleteCartItem();
  const busy = update.isPending || remove.isPending;
  const onError = (error: Error) => toast.error(errorText(error));
  return (
    <li className="flex gap-3 border-b border-slate-200 py-4 last:border-b-0" data-testid="cart-item" data-title={item.title}>
      <input
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-asphalt"
        checked={selected}
        onChange={(event) => onToggle(event.target.checked)}
        aria-label={t('cart.select', { title })}
      />
      {item.image ? (
        <img src={item.image} alt="" width={80} height={80} loading="lazy" className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:size-20" />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400 sm:size-20">
          <Package aria-hidden="true" className="size-7" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="break-words font-semibold text-asphalt">{title}</p>
            <p className="text-sm text-slate-600">{t('cart.each', { price: money(item.price_cents) })}</p>
            {!item.in_stock && <p className="text-sm font-semibold text-danger-text">{t('cart.outOfStock')}</p>}
          </div>
          <button
            type="button"
            onClick={() => remove.mutate(item.id, { onError })}
            disabled={busy}
            aria-label={t('cart.remove', { title })}
            className="flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-danger-text disabled:opacity-50"
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-1" role="group" aria-label={t('cart.quantity')}>
            <button
              type="button"
              onClick={() => update.mutate({ id: item.id, quantity: item.quantity - 1 }, { onError })}
              disabled={busy || !selected || item.quantity < 2}
              aria-label={t('cart.decrease', { title })}
              className="flex size-10 items-center justify-center rounded-md border border-slate-300 hover:bg-slate-50 disabled:opacity-40"
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <span className="min-w-8 text-center font-semibold" data-testid="cart-quantity">
              {item.quantity}
            </span>
            <button
              type="button"
              onClick={() => update.mutate({ id: item.id, quantity: item.quantity + 1 }, { onError })}
              disabled={busy || !selected}
              aria-label={t('cart.increase', { title })}
              className="flex size-10 items-center justify-center rounded-md border border-slate-300 hover:bg-slate-50 disabled:opacity-40"
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </div>
          <p className="font-semibold text-asphalt">{money(item.price_cents * item.quantity)}</p>
        </div>
      </div>
    </li>
  );
}

/** The thank-you screen with the order's number (the one staff and the confirmation e-mail use). */
function Success({ order }: { order: Order }) {
  const { t } = useTranslation('shop');
  return (
    <SuccessPanel title={t('cart.success.title')} text={t('cart.success.text')}>
      <p className="text-lg font-semibold text-asphalt" data-testid="order-number">
        {t('cart.success.number')} <span className="font-mono">{orderNumber(order.order_id)}</span>
      </p>
      <Link to="/" className={buttonClasses('primary')}>
        {t('cart.success.home')}
      </Link>
    </SuccessPanel>
  );
}

/** A problem shown under Pay: `id` is its message key with its params, so the same problem shows once. */
interface Problem {
  id: string;
  text: string;
}

const problemId = (key: string, params?: Record<string, string | number>) => (params ? `${key}:${JSON.stringify(params)}` : key);

const ADDRESS_PREFIX = 'delivery-address.';

/** The shipping form's field of a server problem's path (`delivery-address.address_city` → `address_city`). */
function addressField(path: string): keyof DeliveryAddress | undefined {
  if (!path.startsWith(ADDRESS_PREFIX)) return undefined;
  const field = path.slice(ADDRESS_PREFIX.length);
  return field in EMPTY_ADDRESS ? (field as keyof DeliveryAddress) : undefined;
}

/** Whether the server refused the shipping address (its problems show under the form's fields). */
function addressProblem(error: unknown): boolean {
  return error instanceof ApiClientError && Object.keys(error.fields ?? {}).some((path) => addressField(path) !== undefined);
}

/**
 * The US states as options, by their names in the user's language, in that language's order. The
 * names are in the checkout texts, which /cart loads (not in common: every page would carry them).
 */
function useStateOptions() {
  const { t, i18n } = useTranslation('checkout');
  return useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return US_STATE_CODES.map((code) => ({ code, name: t(`usStates.${code}`) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [t, i18n.language]);
}

/** /cart "Review & Checkout": items, shipping, summary, card, error list, Pay and Submit. */
export function CartCheckout({ userId, renderPaymentMethods }: Props) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const taxRate = useTaxRate();
  const cart = useCart();
  const pay = useCheckoutCart();
  const attempt = useCheckoutAttempt();
  // Adding a card leaves the page (and comes back with a full page load): start from what was typed and unticked.
  const [draft] = useState(() => readCheckoutDraft(userId));
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(() => new Set(draft?.deselected));
  const [cardId, setCardId] = useChosenCard();
  const [submitted, setSubmitted] = useState(false);
  // Checked as it is typed (the summary lists a missing address before Pay is pressed); shown after Pay.
  const form = useForm<z.input<typeof deliveryAddressSchema>, unknown, DeliveryAddress>({
    resolver: zodResolver(deliveryAddressSchema),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: draft?.address ?? EMPTY_ADDRESS,
  });
  const { errors: addressErrors, isValid: addressValid } = form.formState;
  const address = useWatch({ control: form.control });
  // No address typed in this visit: the last order's address, once the orders are there (unless the buyer started typing).
  const orders = useOrders();
  const lastAddress = orders.data?.data.data[0]?.delivery_address;
  const prefilled = useRef(hasAddress(draft?.address));
  useEffect(() => {
    if (prefilled.current || !lastAddress) return;
    prefilled.current = true;
    if (!hasAddress(form.getValues())) form.reset(addressFromOrder(lastAddress));
  }, [lastAddress, form]);
  const states = useStateOptions();
  useEffect(() => {
    if (pay.isSuccess) return;
    writeCheckoutDraft(userId, { address: { ...EMPTY_ADDRESS, ...address }, deselected: [...deselected] });
  }, [userId, address, deselected, pay.isSuccess]);

  if (pay.isSuccess) return <Success order={pay.data} />;
  if (cart.isPending) return <Spinner label={t('common:loading')} className="py-10 text-slate-500" />;
  if (cart.isError) {
    return <ErrorState message={errorText(cart.error)} retryLabel={t('retry')} onRetry={() => void cart.refetch()} />;
  }
  const items = cart.data.data.data.filter((item) => item.status === 'ACTIVE');
  if (items.length === 0) {
    return (
      <NoticeCard>
        <p>{t('cart.empty')}</p>
        <Link to="/shop" className={buttonClasses('outline')}>
          {t('cart.toShop')}
        </Link>
      </NoticeCard>
    );
  }

  const selected = items.filter((item) => !deselected.has(item.id));
  const totals = orderTotals(
    selected.map((item) => ({ priceCents: item.price_cents, quantity: item.quantity })),
    cart.data.data.shipping_cents,
  );
  const outOfStock = selected.filter((i) => !i.in_stock);
  // Each problem is identified by its message key and params, as the server identifies its own.
  const ruleErrors: Problem[] = [];
  const rule = (key: MessageKey, params?: Record<string, string>) => ruleErrors.push({ id: problemId(key, params), text: t(`common:messages.${key}`, params) });
  if (totals.subtotal <= 0) rule('cartNothingSelected');
  if (!cardId) ruleErrors.push({ id: 'cart.noCard', text: t('cart.noCard') });
  if (!addressValid) rule('shippingRequired');
  // Stock comes from the server with the cart (and the cart is fetched again after a refused payment).
  // Identified as the server identifies it (the English title), said with the title in the reader's language.
  for (const item of outOfStock) {
    ruleErrors.push({
      id: problemId('cart.outOfStock', { title: item.title }),
      text: t('common:messages.cart.outOfStock', { title: localizedTitle(item, i18n.language) }),
    });
  }
  // A refused address shows under its fields (applied when the answer came); the list then says once that the address needs work.
  const serverError: Problem | null = !pay.error
    ? null
    : addressProblem(pay.error)
      ? { id: problemId('shippingRequired'), text: t('common:messages.shippingRequired') }
      : { id: pay.error instanceof ApiClientError && pay.error.key ? problemId(pay.error.key, pay.error.params) : 'unexpected', text: errorText(pay.error) };
  // The server's refusal repeats a rule the page checks too (a checkout that ran out of stock): show it once.
  const shownErrors = [...new Map([...(submitted ? ruleErrors : []), ...(serverError ? [serverError] : [])].map((p) => [p.id, p.text])).values()];

  const changed = () => {
    if (pay.isError) pay.reset();
  };
  const toggle = (id: string, on: boolean) => {
    changed();
    setDeselected((prev) => {
      const next = new Set(prev);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const submit = () => {
    setSubmitted(true);
    pay.reset();
    // The address is checked by the form (all its fields, so each shows its error); the rest here.
    void form.handleSubmit((validAddress) => {
      if (totals.subtotal <= 0 || !cardId || outOfStock.length > 0) return;
      pay.mutate(
        {
          paymentMethodId: cardId,
          totalCents: totals.total,
          cartIds: selected.map((item) => item.id),
          address: validAddress,
          transactionId: attempt.transactionId(),
        },
        {
          onSuccess: () => {
            attempt.answered();
            clearCheckoutDraft(userId);
          },
          onError: (error) => {
            attempt.answered(error);
            applyFieldErrors(form, error, addressField);
          },
        },
      );
    })();
  };
  // The form's own problems are message keys; the server's (type "server") are already translated.
  const fieldError = (key: keyof DeliveryAddress) => {
    const problem = submitted ? addressErrors[key] : undefined;
    if (!problem?.message) return undefined;
    return problem.type === 'server' ? problem.message : keyText(problem.message);
  };
  const field = (key: keyof DeliveryAddress) => form.register(key, { onChange: changed });

  return (
    <CheckoutLayout
      summaryTitle={t('cart.summary.title')}
      lines={[
        { label: t('cart.summary.subtotal'), amount: money(totals.subtotal), testId: 'summary-subtotal' },
        { label: t('cart.summary.tax', { rate: taxRate }), amount: money(totals.tax), testId: 'summary-tax' },
        { label: t('cart.summary.shipping'), amount: money(totals.shipping), testId: 'summary-shipping' },
      ]}
      total={{ label: t('cart.summary.total'), amount: money(totals.total), testId: 'summary-total' }}
      afterLines={
        <>
          {shownErrors.length > 0 && (
            <CheckoutAlert testId="cart-errors">
              <p className="sr-only">{t('cart.errorsTitle')}</p>
              <ul className="flex list-disc flex-col gap-1 pl-5">
                {shownErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </CheckoutAlert>
          )}
          <PayButton pending={pay.isPending} label={t('cart.pay')} pendingLabel={t('cart.loading')} onClick={submit} />
        </>
      }
    >
      <Card as="section" aria-labelledby="order-details-title" className="flex flex-col p-5 sm:p-6">
        <h2 id="order-details-title" className="text-xl font-bold">
          {t('cart.orderDetails')}
        </h2>
        <ul>
          {items.map((item) => (
            <CartLine key={item.id} item={item} selected={!deselected.has(item.id)} onToggle={(on) => toggle(item.id, on)} />
          ))}
        </ul>
      </Card>
      <Card as="section" aria-labelledby="shipping-title" className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="shipping-title" className="text-xl font-bold">
          {t('cart.shipping.title')}
        </h2>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()} noValidate>
          <div className="sm:col-span-2">
            <TextField label={t('cart.shipping.fullName')} autoComplete="name" error={fieldError('full_name')} {...field('full_name')} />
          </div>
          <div className="sm:col-span-2">
            <TextField label={t('cart.shipping.addressOne')} autoComplete="address-line1" error={fieldError('address_one')} {...field('address_one')} />
          </div>
          <div className="sm:col-span-2">
            <TextField label={t('cart.shipping.addressTwo')} autoComplete="address-line2" error={fieldError('address_two')} {...field('address_two')} />
          </div>
          <TextField label={t('cart.shipping.city')} autoComplete="address-level2" error={fieldError('address_city')} {...field('address_city')} />
          <SelectField label={t('cart.shipping.state')} autoComplete="address-level1" error={fieldError('address_state')} {...field('address_state')}>
            <option value="">{t('cart.shipping.chooseState')}</option>
            {states.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('cart.shipping.zip')}
            autoComplete="postal-code"
            inputMode="numeric"
            error={fieldError('address_zip')}
            {...field('address_zip')}
          />
        </form>
      </Card>
      {renderPaymentMethods(cardId, (id) => {
        changed();
        setCardId(id);
      })}
    </CheckoutLayout>
  );
}
