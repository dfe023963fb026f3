import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { carMakesResponseSchema, carModelsQuerySchema, carModelsResponseSchema } from '@medallion/contracts/listings';
import { listMakes, listModels } from '../../integrations/car-data/car-data';
import { AppError } from '../../lib/app-error';
import { errorResponses as errors } from '../../lib/route-options';

/** The lists change only with a new vPIC derivation: browsers and proxies may keep them for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** Car makes and models for the marketplace filters and the listing form (offline NHTSA vPIC data). */
export const carsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cars'];

  r.get(
    '/cars/makes',
    { schema: { tags, summary: 'Car makes, sorted by name', response: { 200: carMakesResponseSchema, ...errors } } },
    async (_req, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return listMakes();
    },
  );

  r.get(
    '/cars/models-by-make-id',
    {
      schema: {
        tags,
        summary: 'The models of a car make, sorted by name',
        querystring: carModelsQuerySchema,
        response: { 200: carModelsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const models = listModels(req.query['make-id']);
      if (!models) throw new AppError('NOT_FOUND', 'This make is not in our list.');
      reply.header('cache-control', CACHE_CONTROL);
      return models;
    },
  );
};
