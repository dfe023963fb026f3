import type { SeedStep } from '@medallion/db/seed';
import type { Storage } from '../../integrations/storage/storage';
import { demoSeedContext } from './seed-context';

/**
 * The demo data's seed steps (SEED_DEMO_DATA). @medallion/demo is imported here, on demand, and
 * nowhere else in the server: a server that does not seed demo data never loads it, and the API build
 * emits it as dist/demo.js, apart from server.js (build.mjs).
 */
export async function loadDemoSeedSteps(options: { storage: Storage; shippingCents: number }): Promise<SeedStep[]> {
  const demo = await import('@medallion/demo');
  return demo.demoSeedSteps(demoSeedContext(options), { shippingCents: options.shippingCents });
}
