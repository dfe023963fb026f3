import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rentalIdParamsSchema } from '@medallion/contracts/rental-payments';
import { errorResponses as errors } from '../../lib/route-options';
import { requireStaff } from '../../plugins/auth';
import { rewindRental } from './rewind-rental';
import { runRentalJobsNow } from './run-rental-jobs';
import { setRentalCard } from './set-rental-card';

const okSchema = z.object({ data: z.record(z.string(), z.unknown()) });

/**
 * The end-to-end tests' hooks (TEST_HOOKS=true: a local server with the sandbox gateway only, config.ts):
 * a rental's days going by, and its card starting to decline. Staff only.
 */
export async function testHookRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['test-hooks'];
  app.addHook('onRequest', requireStaff);

  r.post(
    '/test/rentals/:id/rewind',
    {
      schema: {
        tags,
        summary: "Test hook: moves one rental's dates `days` days into the past, then runs the rental jobs",
        params: rentalIdParamsSchema,
        body: z.object({ days: z.number().int().min(0).max(400) }),
        response: { 200: okSchema, ...errors },
      },
    },
    async (req) => {
      await rewindRental(app.db, req.params.id, req.body.days);
      return { data: await runRentalJobsNow(app) };
    },
  );

  r.post(
    '/test/rentals/:id/card',
    {
      schema: {
        tags,
        summary: "Test hook: the sandbox card paying a rental's weeks behaves as another Stripe test card from now on",
        params: rentalIdParamsSchema,
        body: z.object({ behaviour: z.enum(['succeed', 'insufficient_funds', 'authentication_required']) }),
        response: { 200: okSchema, ...errors },
      },
    },
    async (req) => {
      await setRentalCard(app.db, req.params.id, req.body.behaviour);
      return { data: { behaviour: req.body.behaviour } };
    },
  );
}
