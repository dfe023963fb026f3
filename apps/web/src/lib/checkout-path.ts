/**
 * The listing checkout of one listing: /checkout?listingId=…. The id is in the address, not only in
 * navigation state, so it survives a sign-in on the way (/login?redirect= brings the same address back),
 * a reload and a shared link.
 */
export function listingCheckoutPath(listingId: string): string {
  return `/checkout?listingId=${encodeURIComponent(listingId)}`;
}
