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

/** A detail line as staff type it: its name and value in English and in Russian, side by side. */
const detailLineSchema = z.object({
  key: productDetailSchema.shape.key,
  data: productDetailSchema.shape.data,
  key_ru: productDetailSchema.shape.key,
  data_ru: productDetailSchema.shape.data,
});

/**
 * What staff type: the contract's own rules for the texts in both languages, detail lines, link and
 * state (a detail line holds both languages, so the two lists of the request always pair up); price in
 * dollars and stock as text, checked against the contract's limits and sent as whole numbers.
 */
const formSchema = z.object({
  title: productFieldsSchema.shape.title,
  title_ru: productFieldsSchema.shape.title_ru,
  description: productFieldsSchema.shape.description,
  description_ru: productFieldsSchema.shape.description_ru,
  details: z.array(detailLineSchema).max(MAX_PRODUCT_DETAILS, 'productDetailsTooMany'),
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
  if (!product) return { title: '', title_ru: '', description: '', description_ru: '', details: [], retailer_url: '', active: true, price: '', stock: '0' };
  return {
    title: product.title,
    title_ru: product.title_ru,
    description: product.description,
    description_ru: product.description_ru,
    // A product saved before Russian texts has none: its lines start with empty Russian fields.
    details: product.details.map((line, index) => ({
      ...line,
      key_ru: product.details_ru[index]?.key ?? '',
      data_ru: product.details_ru[index]?.data ?? '',
    })),
    retailer_url: product.retailer_url ?? '',
    active: product.active,
    price: (product.price_cents / 100).toFixed(2),
    stock: String(product.stock),
  };
}

/** The server's field names in the form (pictures are not form fields: see pictureErrors). */
function formField(field: string): FieldPath<ProductForm> | undefined {
  if (field === 'price_cents') return 'price';
  if (field === 'details_ru') return 'details';
  if (['title', 'title_ru', 'description', 'description_ru', 'retailer_url', 'active', 'stock', 'details'].includes(field))
    return field as FieldPath<ProductForm>;
  const detail = /^details(_ru)?\.(\d+)\.(key|data)$/.exec(field);
  return detail ? (`details.${Number(detail[2])}.${detail[3]}${detail[1] ?? ''}` as FieldPath<ProductForm>) : undefined;
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
      title_ru: values.title_ru,
      description: values.description,
      description_ru: values.description_ru,
      details: values.details.map((line) => ({ key: line.key, data: line.data })),
      details_ru: values.details.map((line) => ({ key: line.key_ru, data: line.data_ru })),
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

  /** A detail line's field: "Name in English" and so on, with its line number for screen readers. */
  const lineLabel = (label: string, index: number) => (
    <>
      {label}
      <span className="sr-only">, {t('details.lineSuffix', { n: index + 1 })}</span>
    </>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="product-editor-title" className="flex flex-col gap-6">
      <h2 id="product-editor-title" className="text-2xl font-bold text-asphalt">
        {product ? t('editor.editTitle', { title: product.title }) : t('editor.newTitle')}
      </h2>

      <section aria-labelledby="product-texts" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <h3 id="product-texts" className="text-lg font-bold">
            {t('editor.texts')}
          </h3>
          <p className="text-sm text-slate-600">{t('editor.textsHint')}</p>
        </div>
        {/* English and Russian side by side from a tablet's width up, one after the other on a phone. */}
        <div className="grid gap-6 md:grid-cols-2">
          <fieldset className="flex min-w-0 flex-col gap-4" data-testid="product-texts-en">
            <legend className="mb-3 text-sm font-bold uppercase tracking-wide text-slate-600">{t('editor.english')}</legend>
            <TextField
              label={t('editor.titleEn')}
              lang="en"
              maxLength={MAX_PRODUCT_TITLE}
              autoComplete="off"
              error={text(errors.title?.message)}
              {...form.register('title')}
            />
            <TextAreaField
              label={t('editor.descriptionEn')}
              lang="en"
              rows={4}
              maxLength={MAX_PRODUCT_DESCRIPTION}
              error={text(errors.description?.message)}
              {...form.register('description')}
            />
          </fieldset>
          <fieldset className="flex min-w-0 flex-col gap-4" data-testid="product-texts-ru">
            <legend className="mb-3 text-sm font-bold uppercase tracking-wide text-slate-600">{t('editor.russian')}</legend>
            <TextField
              label={t('editor.titleRu')}
              lang="ru"
              maxLength={MAX_PRODUCT_TITLE}
              autoComplete="off"
              error={text(errors.title_ru?.message)}
              {...form.register('title_ru')}
            />
            <TextAreaField
              label={t('editor.descriptionRu')}
              lang="ru"
              rows={4}
              maxLength={MAX_PRODUCT_DESCRIPTION}
              error={text(errors.description_ru?.message)}
              {...form.register('description_ru')}
            />
          </fieldset>
        </div>

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
                <li key={field.id} data-testid="detail-line" className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-slate-700" aria-hidden="true">
                      {t('details.line', { n: index + 1 })}
                    </span>
                    <IconButton
                      tone="danger"
                      onClick={() => details.remove(index)}
                      label={t('details.remove', { n: index + 1 })}
                      title={t('details.removeShort')}
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </IconButton>
                  </div>
                  <div className="grid gap-x-4 gap-y-2 md:grid-cols-2">
                    <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                      <TextField
                        label={lineLabel(t('details.keyEn'), index)}
                        lang="en"
                        placeholder={t('details.keyPlaceholder')}
                        maxLength={MAX_DETAIL_KEY}
                        autoComplete="off"
                        error={text(errors.details?.[index]?.key?.message)}
                        {...form.register(`details.${index}.key`)}
                      />
                      <TextField
                        label={lineLabel(t('details.dataEn'), index)}
                        lang="en"
                        placeholder={t('details.dataPlaceholder')}
                        maxLength={MAX_DETAIL_DATA}
                        autoComplete="off"
                        error={text(errors.details?.[index]?.data?.message)}
                        {...form.register(`details.${index}.data`)}
                      />
                    </div>
                    <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                      <TextField
                        label={lineLabel(t('details.keyRu'), index)}
                        lang="ru"
                        maxLength={MAX_DETAIL_KEY}
                        autoComplete="off"
                        error={text(errors.details?.[index]?.key_ru?.message)}
                        {...form.register(`details.${index}.key_ru`)}
                      />
                      <TextField
                        label={lineLabel(t('details.dataRu'), index)}
                        lang="ru"
                        maxLength={MAX_DETAIL_DATA}
                        autoComplete="off"
                        error={text(errors.details?.[index]?.data_ru?.message)}
                        {...form.register(`details.${index}.data_ru`)}
                      />
                    </div>
                  </div>
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
            onClick={() => details.append({ key: '', data: '', key_ru: '', data_ru: '' }, { shouldFocus: true })}
          >
            <Plus aria-hidden="true" className="size-5" />
            {t('details.add')}
          </Button>
        </fieldset>
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="product-basics" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <h3 id="product-basics" className="text-lg font-bold">
            {t('editor.basics')}
          </h3>
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
