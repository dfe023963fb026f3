import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewResponseSchema } from '@medallion/contracts/admin';
import { apiErrorSchema } from '@medallion/contracts/errors';
import { requireStaff } from '../../plugins/auth';
import { getAdminOverview } from './get-admin-overview';

/** The staff console's API. Every route is staff only. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireStaff);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/overview',
    { schema: { tags: ['admin'], response: { 200: adminOverviewResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => ({ data: await getAdminOverview(app.db) }),
  );
}
