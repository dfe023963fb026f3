import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where Swagger UI serves its pages (HTML: they carry the pages' security headers). */
export const API_DOCS_PREFIX = '/api/docs';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Medallion API',
        description: 'API of Medallion, the platform for NYC TLC driver careers. Errors: {code, message, fields?}.',
        version: '0.1.0',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX });
}
