import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  MAX_PRODUCT_DESCRIPTION,
  MAX_PRODUCT_DETAILS,
  MAX_PRODUCT_PRICE_CENTS,
  MAX_PRODUCT_STOCK,
  MAX_PRODUCT_TITLE,
  MAX_DETAIL_DATA,
  MAX_DETAIL_KEY,
  MAX_RETAILER_URL,
  productDetailSchema,
  productFieldsSchema,
  retailerUrlSchema,
  type AdminProduct,
  type SaveProductRequest,
} from '@medallion/contracts/admin-shop';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors, errorText, fieldErrorTexts, keyText } from '@/lib/error-text';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { imageToDataUrl } from '@/lib/image-to-data-url';
import { storedImages, type PickedImage } from '@/components/ui/picture-picker';
import { ProductImagePicker } from './product-image-picker';

/** "$1,234.50" → "1234.50". */
const plainDollars = (value: string) => value.replace(/[$,\s]/g, '');

/**
 * What staff type: the contract's own rules for title, description, detail lines, link and state;
 * price in dollars and stock as text, checked against the contract's limits and sent as whole numbers.
 */
const formSchema = z.object({
  title: productFieldsSchema.shape.title,
  description: productFieldsSchema.shape.description,
  details: z.array(productDetailSchema).max(MAX_PRODUCT_DETAILS, 'productDetailsTooMany'),
  retailer_url: z.string().refine((v) => retailerUrlSchema.safeParse(v).success, 'productRetailerUrlInvalid'),
  active: z.boolean(),
  price: z.string().refine((v) => {
    const d = plainDollars(v);
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(d)) return false;
    const cents = Math.round(Number(d) * 100);
    return cents >= 1 && cents <= MAX_PRODUCT_PRICE_CENTS;
  }, 'productPriceInvalid'),
  stock: z.string().refine((v) => /^\d{1,6}$/.test(v.trim()) && Number(v) <= MAX_PRODUCT_STOCK, 'productStockInvalid'),
});
type ProductForm = z.infer<typeof formSchema>;

function toForm(product?: AdminProduct): ProductForm {
  if (!product) return { title: '', description: '', details: [], retailer_url: '', active: true, price: '', stock: '0' };
  return {
    title: product.title,
    description: product.description,
    details: product.details,
    retailer_url: product.retailer_url ?? '',
    active: product.active,
    price: (product.price_cents / 100).toFixed(2),
    stock: String(product.stock),
  };
}

/** The server's field names in the form (pictures are not form fields: see pictureErrors). */
function formField(field: string): FieldPath<ProductForm> | undefined {
  if (field === 'price_cents') return 'price';
  if (['title', 'description', 'retailer_url', 'active', 'stock', 'details'].includes(field)) return field as FieldPath<ProductForm>;
  const detail = /^details\.(\d+)\.(key|data)$/.exec(field);
  return detail ? (`details.${Number(detail[1])}.${detail[2]}` as FieldPath<ProductForm>) : undefined;
}

/** The server's problems with the pictures ("images" or "images.<index>"), translated. */
function pictureErrors(error: unknown): { index: number | null; message: string }[] {
  return Object.entries(fieldErrorTexts(error) ?? {}).flatMap(([field, message]) => {
    const picture = /^images(?:\.(\d+))?$/.exec(field);
    return picture ? [{ index: picture[1] === undefined ? null : Number(picture[1]), message }] : [];
  });
}

/** Create or edit a product: fields, detail lines, pictures and whether it is on sale. */
export function ProductEditor({ product, onDone }: { product?: AdminProduct; onDone: () => void }) {
  const { t } = useTranslation('adminShop');
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [images, setImages] = useState<PickedImage[]>(() => (product ? storedImages(product.image_names, product.images) : []));
  const [imageErrors, setImageErrors] = useState<{ index: number | null; message: string }[]>([]);
  const [preparing, setPreparing] = useState(false);
  const form = useForm<ProductForm>({ resolver: zodResolver(formSchema), defaultValues: toForm(product) });
  const details = useFieldArray({ control: form.control, name: 'details' });
  const { errors } = form.formState;

  /** The form's own problems are contract keys; the server's are set translated (applyFieldErrors). */
  const text = keyText;
  const busy = preparing || create.isPending || update.isPending;

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiClientError)) {
      toast.error(t('editor.saveFailed'));
      return;
    }
    const pictures = pictureErrors(error);
    setImageErrors(pictures);
    const shown = applyFieldErrors(form, error, formField) || pictures.length > 0;
    if (!shown || error.status !== 400) toast.error(errorText(error));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setImageErrors([]);
    setPreparing(true);
    let pictures: string[];
    try {
      pictures = await Promise.all(images.map((image) => (image.kind === 'stored' ? image.name : imageToDataUrl(image.file))));
    } catch {
      setImageErrors([{ index: null, message: t('common:messages.imagesInvalid') }]);
      return;
    } finally {
      setPreparing(false);
    }
    const body: SaveProductRequest = {
      title: values.title,
      description: values.description,
      details: values.details,
      retailer_url: values.retailer_url.trim() || null,
      active: values.active,
      price_cents: Math.round(Number(plainDollars(values.price)) * 100),
      stock: Number(values.stock.trim()),
      images: pictures,
    };
    const done = ({ data }: { data: AdminProduct }) => {
      toast.success(t(product ? 'editor.saved' : 'editor.created', { title: data.title }));
      onDone();
    };
    if (product) update.mutate({ productId: product.product_id, body }, { onSuccess: done, onError: showServerErrors });
    else create.mutate(body, { onSuccess: done, onError: showServerErrors });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="product-editor-title" className="flex flex-col gap-6">
      <h2 id="product-editor-title" className="text-2xl font-bold text-asphalt">
        {product ? t('editor.editTitle', { title: product.title }) : t('editor.newTitle')}
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="product-basics" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <h3 id="product-basics" className="text-lg font-bold">
            {t('editor.basics')}
          </h3>
          <TextField
            label={t('editor.title')}
            maxLength={MAX_PRODUCT_TITLE}
            autoComplete="off"
            error={text(errors.title?.message)}
            {...form.register('title')}
          />
          <TextAreaField
            label={t('editor.description')}
            rows={4}
            maxLength={MAX_PRODUCT_DESCRIPTION}
            error={text(errors.description?.message)}
            {...form.register('description')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('editor.price')}
              inputMode="decimal"
              placeholder="24.99"
              autoComplete="off"
              hint={t('editor.priceHint')}
              error={text(errors.price?.message)}
              {...form.register('price')}
            />
            <TextField
              label={t('editor.stock')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('editor.stockHint')}
              error={text(errors.stock?.message)}
              {...form.register('stock')}
            />
          </div>
          <TextField
            label={t('editor.retailerUrl')}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={MAX_RETAILER_URL}
            autoComplete="off"
            hint={t('editor.retailerUrlHint')}
            error={text(errors.retailer_url?.message)}
            {...form.register('retailer_url')}
          />

          <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-4">
            <legend className="sr-only">{t('details.title')}</legend>
            <div aria-hidden="true" className="flex items-baseline justify-between gap-3">
              <span className="text-lg font-bold">{t('details.title')}</span>
              <span className="text-sm text-slate-600">{t('details.count', { count: details.fields.length, max: MAX_PRODUCT_DETAILS })}</span>
            </div>
            <p className="-mt-2 text-sm text-slate-600">{t('details.hint')}</p>
            {details.fields.length > 0 && (
              <ol className="flex flex-col gap-3">
                {details.fields.map((field, index) => (
                  <li
                    key={field.id}
                    data-testid="detail-line"
                    className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 rounded-xl bg-slate-50 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto]"
                  >
                    <div className="col-span-1">
                      <TextField
                        label={
                          <>
                            {t('details.key')}
                            <span className="sr-only"> {index + 1}</span>
                          </>
                        }
                        placeholder={t('details.keyPlaceholder')}
                        maxLength={MAX_DETAIL_KEY}
                        autoComplete="off"
                        error={text(errors.details?.[index]?.key?.message)}
                        {...form.register(`details.${index}.key`)}
                      />
                    </div>
                    <div className="order-3 col-span-2 sm:order-none sm:col-span-1">
                      <TextField
                        label={
                          <>
                            {t('details.data')}
                            <span className="sr-only"> {index + 1}</span>
                          </>
                        }
                        placeholder={t('details.dataPlaceholder')}
                        maxLength={MAX_DETAIL_DATA}
                        autoComplete="off"
                        error={text(errors.details?.[index]?.data?.message)}
                        {...form.register(`details.${index}.data`)}
                      />
                    </div>
                    <IconButton
                      tone="danger"
                      className="mt-[1.625rem]"
                      onClick={() => details.remove(index)}
                      label={t('details.remove', { n: index + 1 })}
                      title={t('details.removeShort')}
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </IconButton>
                  </li>
                ))}
              </ol>
            )}
            {errors.details?.root?.message || errors.details?.message ? (
              <p role="alert" className="text-sm font-medium text-danger-text">
                {text(errors.details.root?.message ?? errors.details.message)}
              </p>
            ) : null}
            <Button
              variant="outline"
              className="self-start"
              disabled={details.fields.length >= MAX_PRODUCT_DETAILS}
              onClick={() => details.append({ key: '', data: '' }, { shouldFocus: true })}
            >
              <Plus aria-hidden="true" className="size-5" />
              {t('details.add')}
            </Button>
          </fieldset>
        </section>

        <div className="flex flex-col gap-6">
          <section aria-label={t('images.title')} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
            <ProductImagePicker
              images={images}
              errors={imageErrors}
              onChange={(next) => {
                setImages(next);
                setImageErrors([]);
              }}
            />
          </section>
          <section aria-labelledby="product-availability" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
            <h3 id="product-availability" className="text-lg font-bold">
              {t('editor.availability')}
            </h3>
            <label className="flex cursor-pointer items-start gap-3">
              <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-asphalt" {...form.register('active')} />
              <span className="flex flex-col">
                <span className="font-semibold text-slate-800">{t('editor.active')}</span>
                <span className="text-sm text-slate-600">{t('editor.activeHint')}</span>
              </span>
            </label>
          </section>
        </div>
      </div>

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {t('editor.cancel')}
        </Button>
        <Button type="submit" variant="dark" disabled={busy}>
          {busy && <Spinner label={preparing ? t('editor.preparing') : t('editor.saving')} />}
          {product ? t('editor.save') : t('editor.create')}
        </Button>
      </div>
    </form>
  );
}
