import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeVinQuerySchema, decodeVinResponseSchema, VIN_PROBLEM_MESSAGES } from '@medallion/contracts/cars';
import { carMakesResponseSchema, carModelsQuerySchema, carModelsResponseSchema } from '@medallion/contracts/listings';
import { listMakes, listModels } from '../../integrations/car-data/car-data';
import { normaliseVin, validateVin } from '../../integrations/car-data/vin';
import { AppError, invalidField } from '../../lib/app-error';
import { errorResponses as errors } from '../../lib/route-options';

/** The lists change only with a new vPIC derivation: browsers and proxies may keep them for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** VIN lookups per client IP per minute (a person types a few; this stops scraping the decoder). */
const DECODE_VIN_RATE_LIMIT = {
  rateLimit: { max: 60, timeWindow: 60_000, errorResponseBuilder: () => new AppError('RATE_LIMITED') },
};

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
      if (!models) throw new AppError('NOT_FOUND', 'cars.makeUnknown');
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
      const vin = normaliseVin(req.query.vin);
      const check = validateVin(vin);
      if (!check.ok) {
        throw invalidField('vin', VIN_PROBLEM_MESSAGES[check.reason]);
      }
      let data;
      try {
        data = await app.vinDecoder.decode(vin);
      } catch (err) {
        req.log.error({ err }, 'VIN decoding failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'cars.vinLookupUnavailable');
      }
      reply.header('cache-control', CACHE_CONTROL);
      return { data };
    },
  );
};
