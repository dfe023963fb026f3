import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeVinQuerySchema, decodeVinResponseSchema } from '@medallion/contracts/cars';
import { carMakesResponseSchema, carModelsQuerySchema, carModelsResponseSchema } from '@medallion/contracts/listings';
import { listMakes } from '../../integrations/car-data/car-data';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { decodeVin } from './decode-vin';
import { listCarModels } from './list-car-models';

/** The lists change only with a new vPIC derivation: browsers and proxies may keep them for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** VIN lookups per client IP per minute (a person types a few; this stops scraping the decoder). */
const DECODE_VIN_RATE_LIMIT = ipRateLimit(60);

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
      const models = listCarModels(req.query['make-id']);
      reply.header('cache-control', CACHE_CONTROL);
      return models;
    },
  );

  r.get(
    '/cars/decode-vin',
    {
      config: DECODE_VIN_RATE_LIMIT,
      schema: {
        tags,
        summary: 'What a VIN says about the car (offline NHTSA vPIC), to pre-fill the listing form',
        description:
          'Spaces and dashes are ignored and letters may be lower-case. An invalid VIN (not 17 characters, ' +
          'I, O or Q, wrong check digit) answers 400 with fields.vin. A valid VIN that vPIC does not know ' +
          'answers 200 with every field null but vin. seats and seat_rows are estimates.',
        querystring: decodeVinQuerySchema,
        response: { 200: decodeVinResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const data = await decodeVin(app.vinDecoder, req.query.vin, req.log);
      reply.header('cache-control', CACHE_CONTROL);
      return { data };
    },
  );
};
