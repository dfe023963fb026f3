import type { ListingCategory } from '@medallion/contracts/listings';
import defaultCar from '@/assets/default-car.svg';
import defaultPlates from '@/assets/default-plates.svg';

/** The picture shown when a listing has no photos: a car or a plate by category. */
export function defaultPicture(category: ListingCategory): string {
  return category === 'plates' ? defaultPlates : defaultCar;
}
