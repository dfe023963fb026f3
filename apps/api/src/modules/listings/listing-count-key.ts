/**
 * The key of a search's maintained count in `listing_counts`, for the searches the database counts as
 * listings change (migrations/0017_listing_counts.sql, `listing_count_keys`): no filter, the category,
 * the deal type, both, the make, the make and model (by id), the ZIP, the city (and state). Such a
 * search reads its total in one row at any size; any other (a range, a prefix, more filters) counts its
 * matches up to the cap. `shape` and `values` are those of marketplaceConditions (search-listings.ts);
 * the names of the keys must stay as the migration writes them.
 */
export function listingCountKey(shape: string, values: Record<string, unknown>): string | null {
  switch (shape) {
    case '':
      return 'all';
    case 'category':
      return `category:${String(values.category)}`;
    case 'dealType':
      return `deal:${String(values.dealType)}`;
    case 'category,dealType':
      return `category-deal:${String(values.category)}:${String(values.dealType)}`;
    case 'makeId':
      return `make:${String(values.makeId)}`;
    case 'makeId,modelId':
      return `model:${String(values.makeId)}:${String(values.modelId)}`;
    case 'zip':
      return `zip:${String(values.zip)}`;
    case 'city':
      return `city:${String(values.city)}`;
    case 'city,state':
      return `city-state:${String(values.state)}:${String(values.city)}`;
    default:
      return null;
  }
}
