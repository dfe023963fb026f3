import type { DeliveryAddress, Order } from '@medallion/contracts/shop';
import { isUsStateCode } from '@medallion/contracts/us-states';

/**
 * What the cart page keeps while the buyer leaves it to add a card (the card form comes back
 * through /success-setup-intent?from=cart with a full page load): the shipping form as typed and
 * the items taken out of this order. Kept in sessionStorage (this tab, this visit), one entry per
 * user, and removed once the order is placed.
 */
export interface CheckoutDraft {
  address: DeliveryAddress;
  /** Cart item ids the buyer unticked. */
  deselected: string[];
}

export const EMPTY_ADDRESS: DeliveryAddress = { full_name: '', address_one: '', address_two: '', address_city: '', address_state: '', address_zip: '' };

const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS) as Array<keyof DeliveryAddress>;

/** Whether any field of an address is filled in. */
export function hasAddress(address: DeliveryAddress | undefined): boolean {
  return Boolean(address && ADDRESS_FIELDS.some((field) => address[field]));
}

/**
 * The shipping form filled from an earlier order's address. A state that is not one of the US states'
 * codes (an order from before the state was chosen from a list) is left to choose.
 */
export function addressFromOrder(address: Order['delivery_address']): DeliveryAddress {
  const state = address.address_state.trim().toUpperCase();
  return {
    full_name: address.full_name,
    address_one: address.address_one,
    address_two: address.address_two,
    address_city: address.address_city,
    address_state: isUsStateCode(state) ? state : '',
    address_zip: address.address_zip,
  };
}
const MAX_FIELD = 300;
const MAX_IDS = 100;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const checkoutDraftKey = (userId: string) => `medallion.cart-checkout.${userId}`;

/** The tab's sessionStorage, or nothing where it is unavailable (private modes, blocked storage). */
function sessionStore(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored draft, or null when there is none or it is not ours to trust (damaged, edited, too big). */
export function readCheckoutDraft(userId: string | undefined, storage: DraftStorage | null = sessionStore()): CheckoutDraft | null {
  if (!userId || !storage) return null;
  let raw: unknown;
  try {
    const text = storage.getItem(checkoutDraftKey(userId));
    if (!text) return null;
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const { address, deselected } = raw as { address?: unknown; deselected?: unknown };
  const draft: CheckoutDraft = { address: { ...EMPTY_ADDRESS }, deselected: [] };
  if (address && typeof address === 'object') {
    for (const field of ADDRESS_FIELDS) {
      const value = (address as Record<string, unknown>)[field];
      if (typeof value === 'string') draft.address[field] = value.slice(0, MAX_FIELD);
    }
  }
  if (Array.isArray(deselected)) {
    draft.deselected = deselected.filter((id): id is string => typeof id === 'string' && id.length <= 100).slice(0, MAX_IDS);
  }
  return draft;
}

export function writeCheckoutDraft(userId: string | undefined, draft: CheckoutDraft, storage: DraftStorage | null = sessionStore()): void {
  if (!userId || !storage) return;
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, draft.address[field] ?? '']));
  const empty = ADDRESS_FIELDS.every((field) => !address[field]) && draft.deselected.length === 0;
  try {
    if (empty) storage.removeItem(checkoutDraftKey(userId));
    else storage.setItem(checkoutDraftKey(userId), JSON.stringify({ address, deselected: draft.deselected.slice(0, MAX_IDS) }));
  } catch {
    // Full or blocked storage: the form simply is not remembered.
  }
}

export function clearCheckoutDraft(userId: string | undefined, storage: DraftStorage | null = sessionStore()): void {
  if (!userId || !storage) return;
  try {
    storage.removeItem(checkoutDraftKey(userId));
  } catch {
    // Nothing to do.
  }
}
