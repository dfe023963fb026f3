import { examPurchase } from '../exam/buy-exam-access';
import { cartPurchase } from '../shop/checkout-cart';
import { rentalPickupPurchase } from '../rental-payments/pay-rental-pickup';
import { listingFeePurchase } from './pay-listing-fee';
import type { PurchaseKind, Purpose } from './purchase';

/** Every kind of goods a payment can buy, by the payment's purpose (the webhook and recovery job settle by it). */
export const PURCHASE_KINDS: Record<Purpose, PurchaseKind> = {
  exam: examPurchase,
  listing: listingFeePurchase,
  cart: cartPurchase,
  rental: rentalPickupPurchase,
};
