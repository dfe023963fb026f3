import type { Product } from '@medallion/contracts/shop';

/** schema.org structured data of the shop: an ItemList of `Product`s, each with its `Offer`. */
export function shopJsonLd(products: Product[], shopUrl: string, absoluteUrl: (url: string) => string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    url: shopUrl,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Product',
        name: product.title,
        description: product.description,
        ...(product.images[0] ? { image: product.images.map(absoluteUrl) } : {}),
        offers: {
          '@type': 'Offer',
          price: product.price.toFixed(2),
          priceCurrency: 'USD',
          availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: shopUrl,
        },
      },
    })),
  };
}
