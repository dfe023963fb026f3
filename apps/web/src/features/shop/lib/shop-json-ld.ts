import { productTexts } from '@medallion/contracts/product-text';
import type { Language } from '@medallion/contracts/site';
import type { Product } from '@medallion/contracts/shop';

/** schema.org structured data of the shop page in `language`: an ItemList of `Product`s (names in that language), each with its `Offer`. */
export function shopJsonLd(products: Product[], language: Language, shopUrl: string, absoluteUrl: (url: string) => string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    url: shopUrl,
    itemListElement: products.map((product, index) => {
      const texts = productTexts(product, language);
      return {
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Product',
          name: texts.title,
          description: texts.description,
          ...(product.images[0] ? { image: product.images.map(absoluteUrl) } : {}),
          offers: {
            '@type': 'Offer',
            price: product.price.toFixed(2),
            priceCurrency: 'USD',
            availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            url: shopUrl,
          },
        },
      };
    }),
  };
}
