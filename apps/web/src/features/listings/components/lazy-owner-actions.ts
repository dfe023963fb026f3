import { lazyNamed } from '@/components/ui/lazy';

/**
 * The owner's Edit and Delete, a chunk of its own: loaded only where the owner sees them (dashboard cards,
 * their own listing's page), so the public marketplace and listing pages do not carry them.
 */
export const LazyListingOwnerActions = lazyNamed(() => import('./listing-owner-actions'), 'ListingOwnerActions');
