import { LOCATION_SUGGESTION_LIMIT, type LocationSuggestion } from '@medallion/contracts/listings';
import { locationIndex } from '../../integrations/locations/zip-index';
import { AppError } from '../../lib/app-error';

/** Zip prefix → matching zips with city/state; city prefix → distinct city/state pairs. 400 when none. */
export function suggestLocations(query: { zip_code?: string; city?: string; limit?: number }): LocationSuggestion[] {
  const limit = Math.min(Math.max(query.limit ?? LOCATION_SUGGESTION_LIMIT, 1), 10);
  const index = locationIndex();
  const found = query.zip_code ? index.byZipPrefix(query.zip_code, limit) : index.byCityPrefix(query.city ?? '', limit);
  if (found.length === 0) throw new AppError('BAD_REQUEST', 'location.notFound');
  return found;
}
