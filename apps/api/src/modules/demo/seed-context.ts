import { randomBytes } from 'node:crypto';
import type { DemoSeedContext } from '@medallion/demo';
import { resolveFleetVehicle, TLC_FLEET } from '../../integrations/car-data/tlc-fleet';
import { processListingImage } from '../../integrations/images/process-image';
import { locationIndex } from '../../integrations/locations/zip-index';
import type { Storage } from '../../integrations/storage/storage';
import { ensureAccount } from '../auth/seed-accounts';
import { imageKey, thumbnailKey } from '../listings/listing-record';
import { listingFeeKey } from '../payments/pay-listing-fee';
import { cartPaymentKey } from '../shop/checkout-cart';
import { productImageKey } from '../shop/shop-records';

/** A new random file name for a stored picture. */
const pictureName = () => `${randomBytes(8).toString('hex')}.webp`;

/**
 * The API's services as the demo seed needs them (@medallion/demo never imports the API): accounts
 * with hashed passwords, pictures processed like an upload and stored in `storage`, the car data, the
 * ZIP index and the payment keys real payments use. Only types come from the demo package here, so
 * building the context loads none of it.
 */
export function demoSeedContext(options: { storage: Storage }): DemoSeedContext {
  const { storage } = options;
  return {
    ensureAccount,
    async storeListingPhoto(listingId, photo) {
      const { full, thumb } = await processListingImage(photo);
      const name = pictureName();
      await storage.put(imageKey(listingId, name), full, 'image/webp');
      await storage.put(thumbnailKey(listingId, name), thumb, 'image/webp');
      return name;
    },
    async storeProductPhoto(productId, webp) {
      const name = pictureName();
      await storage.put(productImageKey(productId, name), webp, 'image/webp');
      return name;
    },
    lookupZip: (zip) => locationIndex().lookupZip(zip),
    fleet: TLC_FLEET,
    resolveVehicle: resolveFleetVehicle,
    listingFeeKey,
    cartPaymentKey,
  };
}
