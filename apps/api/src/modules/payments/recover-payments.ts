import type { Database } from '@medallion/db/client';
import type { PaymentGateway } from '../../integrations/payments/gateway';
import { PURCHASE_KINDS } from './purchase-kinds';
import { leaseStalePayments, resolveWithProvider, type PurchaseServices } from './purchase';

export interface RecoveryResult {
  settled: number;
  released: number;
  pending: number;
  /** Payments whose provider could not be asked (tried again after another lease). */
  errors: number;
}

/**
 * Settles or releases payments left in `processing` past the lease (the process stopped between the
 * claim and the settle, or the provider's answer was lost): asks the provider what happened to each
 * charge's key. Safe with several server processes: each payment is leased to one of them.
 */
export async function recoverStalePayments(
  db: Database,
  gateway: PaymentGateway,
  services: PurchaseServices,
  options: { leaseMs: number; batch?: number },
): Promise<RecoveryResult> {
  const result: RecoveryResult = { settled: 0, released: 0, pending: 0, errors: 0 };
  const seen = new Set<string>();
  for (;;) {
    const leased = await leaseStalePayments(db, options.leaseMs, { limit: options.batch ?? 20 });
    // Done when nothing is stale, or only what this pass already asked about (a very short lease).
    if (leased.every((p) => seen.has(p.id))) return result;
    for (const payment of leased) {
      if (seen.has(payment.id)) continue;
      seen.add(payment.id);
      try {
        const { row, changed } = await resolveWithProvider(db, gateway, PURCHASE_KINDS[payment.purpose], payment, services);
        if (!changed) result.pending++;
        else if (row.status === 'succeeded') result.settled++;
        else result.released++;
      } catch {
        result.errors++;
      }
    }
  }
}
