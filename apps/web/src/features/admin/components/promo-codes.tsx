import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, TicketPercent } from 'lucide-react';
import { createPromoCodeRequestSchema, type PromoCode } from '@medallion/contracts/admin';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/money';
import { usePromoCodes } from '@/lib/queries/admin';
import { useCreatePromoCode, useUpdatePromoCode } from '../api/promo-codes';
import { errorText } from '@/lib/error-text';

/** What staff type: dollars, a calendar day and an optional number; the contract's own checks run on the converted values. */
const formSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6}$/, 'promoCodeFormat'),
  discount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'promoDiscountRange')
    .refine((d) => Number(d) >= 0.01 && Number(d) <= 20, 'promoDiscountRange'),
  expires: z.string().refine((d) => d === '' || !Number.isNaN(Date.parse(`${d}T23:59:59`)), 'promoExpiryInvalid'),
  max: z
    .string()
    .trim()
    .regex(/^(\d{1,7})?$/, 'promoMaxInvalid')
    .refine((m) => m === '' || (Number(m) >= 1 && Number(m) <= 1_000_000), 'promoMaxInvalid'),
});
type PromoForm = z.infer<typeof formSchema>;
const EMPTY: PromoForm = { code: '', discount: '', expires: '', max: '' };

function CreatePromoForm() {
  const { t } = useTranslation('admin');
  const create = useCreatePromoCode();
  const form = useForm<PromoForm>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const v = (e?: { message?: string }) => (e?.message ? t(`common:messages.${e.message}`) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    const body = createPromoCodeRequestSchema.parse({
      code: values.code,
      discount_cents: Math.round(Number(values.discount) * 100),
      active: true,
      // The code works through the whole chosen day, in the staff member's time zone.
      expires_at: values.expires ? new Date(`${values.expires}T23:59:59`).toISOString() : null,
      max_redemptions: values.max ? Number(values.max) : null,
    });
    create.mutate(body, {
      onSuccess: ({ data }) => {
        toast.success(t('promo.created', { code: data.code }));
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.status === 409) form.setError('code', { message: 'exists' });
        else toast.error(errorText(error));
      },
    });
  });

  const codeError = errors.code?.message === 'exists' ? t('promo.exists') : v(errors.code);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('promo.createTitle')} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="font-bold">{t('promo.createTitle')}</h2>
      <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]">
        <TextField label={t('promo.code')} maxLength={6} autoComplete="off" className="font-mono uppercase" error={codeError} {...form.register('code')} />
        <TextField label={t('promo.discount')} inputMode="decimal" placeholder="5.00" error={v(errors.discount)} {...form.register('discount')} />
        <TextField label={t('promo.expiresOptional')} type="date" error={v(errors.expires)} {...form.register('expires')} />
        <TextField label={t('promo.maxOptional')} inputMode="numeric" placeholder={t('promo.unlimited')} error={v(errors.max)} {...form.register('max')} />
        <Button type="submit" variant="dark" disabled={create.isPending} className="lg:mt-[1.625rem]">
          {create.isPending ? <Spinner label={t('exam.saving')} /> : <Plus aria-hidden="true" className="size-5" />}
          {t('promo.create')}
        </Button>
      </div>
    </form>
  );
}

function PromoRow({ promo }: { promo: PromoCode }) {
  const { t, i18n } = useTranslation('admin');
  const update = useUpdatePromoCode();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const expired = promo.expires_at !== null && new Date(promo.expires_at) < new Date();
  const usedUp = promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions;
  const status = !promo.active ? 'inactive' : expired ? 'expired' : usedUp ? 'usedUp' : 'active';
  const toggle = () =>
    update.mutate(
      { code: promo.code, body: { active: !promo.active } },
      {
        onSuccess: ({ data }) => toast.success(t(data.active ? 'promo.activated' : 'promo.deactivated', { code: data.code })),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="px-3 py-2 font-mono font-bold">
        {promo.code}
      </th>
      <td className="px-3 py-2">{formatUsd(promo.discount_cents / 100, i18n.language)}</td>
      <td className="px-3 py-2">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            status === 'active' ? 'bg-success/15 text-success-text' : 'bg-slate-100 text-slate-600',
          )}
        >
          {t(`promo.status.${status}`)}
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-2">{promo.expires_at ? day.format(new Date(promo.expires_at)) : t('promo.never')}</td>
      <td className="px-3 py-2">
        {promo.redemptions} / {promo.max_redemptions ?? '∞'}
      </td>
      <td className="px-3 py-2 text-right">
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={toggle}
          aria-label={t(promo.active ? 'promo.deactivateCode' : 'promo.activateCode', { code: promo.code })}
        >
          {update.isPending && <Spinner label={t('exam.saving')} />}
          {t(promo.active ? 'promo.deactivate' : 'promo.activate')}
        </Button>
      </td>
    </tr>
  );
}

/** Exam promo codes: the table with Activate / Deactivate, and a form for a new one. */
export function PromoCodes() {
  const { t } = useTranslation('admin');
  const codes = usePromoCodes();
  let table;
  if (codes.isPending) table = <Spinner label={t('common:loading')} className="text-slate-500" />;
  else if (codes.isError) table = <ErrorState message={errorText(codes.error)} retryLabel={t('retry')} onRetry={() => void codes.refetch()} />;
  else if (codes.data.data.length === 0) {
    table = (
      <p className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        <TicketPercent aria-hidden="true" className="size-10" />
        {t('promo.empty')}
      </p>
    );
  } else {
    table = (
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('promo.title')}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('promo.code')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('promo.discountColumn')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('promo.state')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('promo.expires')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('promo.uses')}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('promo.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.data.data.map((p) => (
              <PromoRow key={p.code} promo={p} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <CreatePromoForm />
      {table}
    </div>
  );
}
