import type { FastifyPluginAsync } from 'fastify';

/** Marketplace listings (spec §7): browse, detail, views, owner status. */
export const listingsRoutes: FastifyPluginAsync = async () => {};
