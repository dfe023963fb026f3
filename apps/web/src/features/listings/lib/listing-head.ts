import type { Listing } from '@medallion/contracts/listings';

/** Text cut at a word boundary with an ellipsis, whitespace collapsed. */
export function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The preview text of a listing: its price and place, then its description, at most 200 characters. */
export function listingDescription(listing: Listing, priceText: string | null, place: string | null): string {
  const facts = [priceText, place].filter(Boolean).join(' · ');
  return shorten([facts, listing.description ?? ''].filter(Boolean).join('. '), 200);
}

/**
 * schema.org structured data of a listing: a `Car` (a Vehicle and a Product) with its make, model,
 * year and features, or a `Product` for a TLC plate, each with an `Offer` at its price (per week or
 * month for a rental) and the place it is offered from.
 */
export function listingJsonLd(listing: Listing, url: string, imageUrls: string[], name: string): object {
  const isCar = listing.category === 'cars';
  const place = listing.location
    ? {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: listing.location.city,
          addressRegion: listing.location.state,
          ...(listing.location.zip_code ? { postalCode: listing.location.zip_code } : {}),
          addressCountry: 'US',
        },
      }
    : undefined;
  const offer =
    listing.price === null
      ? undefined
      : {
          '@type': 'Offer',
          url,
          price: listing.price.toFixed(2),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          businessFunction: listing.payment_period ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
          ...(listing.payment_period
            ? {
                priceSpecification: {
                  '@type': 'UnitPriceSpecification',
                  price: listing.price.toFixed(2),
                  priceCurrency: 'USD',
                  unitCode: listing.payment_period === 'weekly' ? 'WEE' : 'MON',
                },
              }
            : {}),
          ...(place ? { availableAtOrFrom: place } : {}),
        };
  return {
    '@context': 'https://schema.org',
    '@type': isCar ? 'Car' : 'Product',
    name,
    url,
    ...(listing.description ? { description: shorten(listing.description, 5000) } : {}),
    ...(imageUrls.length > 0 ? { image: imageUrls } : {}),
    ...(isCar && listing.car_make ? { brand: { '@type': 'Brand', name: listing.car_make } } : {}),
    ...(isCar && listing.car_model ? { model: listing.car_model } : {}),
    ...(isCar && listing.car_year ? { vehicleModelDate: String(listing.car_year) } : {}),
    ...(isCar && listing.car_body_class ? { bodyType: listing.car_body_class } : {}),
    ...(isCar && listing.car_fuel ? { fuelType: listing.car_fuel } : {}),
    ...(isCar && listing.car_door_number ? { numberOfDoors: listing.car_door_number } : {}),
    ...(isCar && listing.car_seat_number ? { seatingCapacity: listing.car_seat_number } : {}),
    ...(isCar && listing.vin ? { vehicleIdentificationNumber: listing.vin } : {}),
    ...(offer ? { offers: offer } : {}),
  };
}
