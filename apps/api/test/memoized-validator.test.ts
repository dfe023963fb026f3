import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoizedValidator } from '../src/lib/memoized-validator';

/**
 * memoizedValidator (the marketplace search's query, routes.ts): a query seen before is the same
 * frozen value without a parse; invalid ones are refused every time; only the last `size` are kept.
 */
describe('memoizedValidator', () => {
  async function appWith(size: number) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(serializerCompiler);
    const seen: object[] = [];
    let parses = 0;
    const schema = z.object({ page: z.coerce.number().int().min(1).optional(), q: z.string().optional() }).transform((v) => {
      parses++;
      return v;
    });
    app.get('/search', { validatorCompiler: memoizedValidator(size), schema: { querystring: schema } }, async (req) => {
      seen.push(req.query);
      return { frozen: Object.isFrozen(req.query), page: req.query.page ?? 1 };
    });
    await app.ready();
    return { app, seen, parses: () => parses };
  }

  it('answers a query seen before with the same frozen value, parsed once', async () => {
    const { app, seen, parses } = await appWith(10);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/search?page=2&q=cars' });
      expect(res.json()).toEqual({ frozen: true, page: 2 });
    }
    expect(parses()).toBe(1);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
    // Another query is another value.
    await app.inject({ url: '/search?page=3&q=cars' });
    expect(seen[3]).not.toBe(seen[0]);
    expect(parses()).toBe(2);
    await app.close();
  });

  it('refuses an invalid query every time and keeps nothing of it', async () => {
    const { app, parses } = await appWith(10);
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: '/search?page=0' });
      expect(res.statusCode).toBe(400);
    }
    expect((await app.inject({ url: '/search?page=1' })).statusCode).toBe(200);
    expect(parses()).toBe(1);
    await app.close();
  });

  it('keeps only the last `size` queries, the least recently used going first', async () => {
    const { app, parses } = await appWith(2);
    const get = (page: number) => app.inject({ url: `/search?page=${page}` });
    await get(1);
    await get(2);
    await get(1); // 1 is now the most recent
    expect(parses()).toBe(2);
    await get(3); // evicts 2
    await get(1);
    expect(parses()).toBe(3);
    await get(2);
    expect(parses()).toBe(4);
    await app.close();
  });
});
