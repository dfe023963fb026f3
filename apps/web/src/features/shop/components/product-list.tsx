import { productTexts } from '@medallion/contracts/product-text';
import type { Product } from '@medallion/contracts/shop';
import { ExternalLink, ShoppingBag, ShoppingCart } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { getCart, shopKeys, useProducts } from '@/lib/queries/shop';
import { cn } from '@/lib/cn';
import { signInPath } from '@/lib/sign-in-path';
import { addToCart, useAddToCart } from '../api/cart-mutations';
import { useMoney } from '@/lib/money';
import { ProductImages } from './product-images';

/** The id of a product's card: Buy now signed out comes back to /shop?buy=<id>#product-<id>. */
const productAnchor = (productId: string) => `product-${productId}`;

/**
 * The visitor's Buy now, kept in the address sign-in comes back to (`?redirect=`, which sign-up with
 * its e-mail code and social sign-in carry too): /shop?buy=<product id>.
 */
const BUY_PARAM = 'buy';

function errorMessage(error: unknown, fallback: string) {
  return error instanceof ApiClientError && error.key ? errorText(error) : fallback;
}

/**
 * Cards whose first image is fetched at once: the top card is a phone's largest paint. On a laptop the
 * rest of the first row follows right after layout (lazy images on screen load at once); fetched eagerly
 * too, they would share a phone's bandwidth with the one picture it shows.
 */
const FIRST_SCREEN_CARDS = 1;

function ProductCard({ product, signedIn, priority }: { product: Product; signedIn: boolean; priority: boolean }) {
  const { t, i18n } = useTranslation('shop');
  // The reader's language: Russian where staff wrote it, English otherwise (rendered so on the server too).
  const texts = productTexts(product, i18n.language);
  // A text not yet translated shows in English: say so to screen readers (read with English rules).
  const english = (ru: string) => (i18n.language === 'ru' && !ru ? 'en' : undefined);
  const money = useMoney();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const add = useAddToCart();

  const buyNow = () => {
    if (!signedIn) {
      const back = new URLSearchParams(search);
      back.set(BUY_PARAM, product.product_id);
      void navigate(signInPath(`${pathname}?${back.toString()}#${productAnchor(product.product_id)}`));
      return;
    }
    add.mutate(
      { productId: product.product_id, price: product.price },
      {
        onSuccess: () => void navigate('/cart'),
        onError: (error) => toast.error(errorMessage(error, t('addFailed'))),
      },
    );
  };
  const addToCart = () =>
    add.mutate(
      { productId: product.product_id, price: product.price },
      {
        onSuccess: () => toast.success(t('added', { title: texts.title })),
        onError: (error) => toast.error(errorMessage(error, t('addFailed'))),
      },
    );

  return (
    <li id={productAnchor(product.product_id)} className="flex scroll-mt-24 flex-col rounded-2xl border border-slate-200 bg-white" data-testid="product-card">
      <ProductImages images={product.images} title={texts.title} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 lang={english(product.title_ru)} className="text-lg font-bold leading-snug text-asphalt">
          {texts.title}
        </h2>
        {texts.description && (
          <p lang={english(product.description_ru)} className="text-slate-700">
            {texts.description}
          </p>
        )}
        {texts.details.length > 0 && (
          <dl className="flex flex-col gap-1 text-sm">
            {texts.details.map((detail, index) => (
              <div key={`${index}:${detail.key}:${detail.data}`} className="flex flex-wrap gap-x-1.5">
                <dt className="font-semibold text-slate-800">{detail.key}:</dt>
                <dd className="text-slate-700">{detail.data}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-auto text-xl font-extrabold text-asphalt" data-testid="product-price">
          {money(product.price_cents)}
        </p>
        {!product.in_stock && <p className="text-sm font-semibold text-danger-text">{t('outOfStock')}</p>}
        <div className="flex flex-wrap gap-2">
          <Button onClick={buyNow} disabled={add.isPending || !product.in_stock}>
            <ShoppingBag aria-hidden="true" className="size-4" />
            {t('buyNow')}
          </Button>
          {signedIn && (
            <Button variant="outline" onClick={addToCart} disabled={add.isPending || !product.in_stock}>
              <ShoppingCart aria-hidden="true" className="size-4" />
              {t('addToCart')}
            </Button>
          )}
          {product.retailer_url && (
            <a href={product.retailer_url} target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost')}>
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('viewAtRetailer')}
            </a>
          )}
        </div>
      </div>
    </li>
  );
}

/** A card-sized placeholder (photo, two-line title, three-line description, two details, price, buttons). */
function ProductSkeleton() {
  const bar = 'rounded bg-slate-100';
  return (
    <li aria-hidden="true" className="flex animate-pulse flex-col rounded-2xl border border-slate-200 bg-white motion-reduce:animate-none">
      <div className="aspect-[4/3] rounded-t-2xl bg-slate-100" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex h-[49.5px] flex-col justify-around">
          <span className={cn(bar, 'h-4 w-full')} />
          <span className={cn(bar, 'h-4 w-1/2')} />
        </div>
        <div className="flex h-[72px] flex-col justify-around">
          <span className={cn(bar, 'h-3.5 w-full')} />
          <span className={cn(bar, 'h-3.5 w-full')} />
          <span className={cn(bar, 'h-3.5 w-2/3')} />
        </div>
        <div className="flex h-11 flex-col justify-around">
          <span className={cn(bar, 'h-3 w-1/2')} />
          <span className={cn(bar, 'h-3 w-2/5')} />
        </div>
        <div className="mt-auto flex h-7 items-center">
          <span className={cn(bar, 'h-5 w-1/4')} />
        </div>
        <div className="flex gap-2">
          <span className={cn(bar, 'h-11 w-28 rounded-lg')} />
          <span className={cn(bar, 'h-11 w-40 rounded-lg')} />
        </div>
      </div>
    </li>
  );
}

/**
 * Back from sign-in with a visitor's Buy now (/shop?buy=<id>): puts that product in the cart and opens
 * the cart, as Buy now does for a signed-in user. Once: a product already in the cart is not added again
 * (the address opened twice, a reload while adding, the back button), and the address loses `buy`.
 */
function useBuyAfterSignIn(signedIn: boolean, list: Product[] | undefined) {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const productId = params.get(BUY_PARAM);
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const queryClient = useQueryClient();
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || !productId || !list || started.current === productId) return;
    started.current = productId;
    const product = list.find((p) => p.product_id === productId);
    const stay = () => {
      const rest = new URLSearchParams(params);
      rest.delete(BUY_PARAM);
      const query = rest.toString();
      void navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, { replace: true });
    };
    if (!product) return stay();
    void (async () => {
      try {
        const cart = await getCart();
        if (!cart.data.data.some((item) => item.product_id === productId && item.status === 'ACTIVE')) {
          await addToCart({ productId, price: product.price });
        }
        await queryClient.invalidateQueries({ queryKey: shopKeys.cart() });
        void navigate('/cart', { replace: true });
      } catch (error) {
        toast.error(errorMessage(error, t('addFailed')));
        stay();
      }
    })();
  }, [signedIn, productId, list, params, pathname, hash, navigate, queryClient, t]);
}

/**
 * The shop's product cards: Buy now for everyone (signed out → /login and back to this card), Add to
 * cart when signed in. An address with a card's #fragment shows that card once the products are in.
 */
export function ProductList({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('shop');
  const products = useProducts();
  const { hash } = useLocation();
  const loaded = products.isSuccess;
  useBuyAfterSignIn(signedIn, products.data?.data.data);
  useEffect(() => {
    if (!loaded || !hash.startsWith('#product-')) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  if (products.isPending) {
    return (
      <div role="status" aria-label={t('common:loading')}>
        {/* Two rows on a laptop: about the height the shop will have. */}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <ProductSkeleton key={i} />
          ))}
        </ul>
      </div>
    );
  }
  if (products.isError) {
    return <ErrorState message={errorMessage(products.error, t('common:errors.unexpected'))} retryLabel={t('retry')} onRetry={() => void products.refetch()} />;
  }
  const list = products.data.data.data;
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <p className="text-lg font-bold text-asphalt">{t('empty.title')}</p>
        <p className="text-slate-600">{t('empty.text')}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((product, index) => (
        <ProductCard key={product.product_id} product={product} signedIn={signedIn} priority={index < FIRST_SCREEN_CARDS} />
      ))}
    </ul>
  );
}
