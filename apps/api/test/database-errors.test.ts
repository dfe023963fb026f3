import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/plugins/errors';
import { createTestDatabase } from './helpers/test-database';

/**
 * Database errors on the real database (PGlite, or PostgreSQL with DATABASE_URL), through drizzle as
 * the services meet them: a bad input the validation let through answers a 4xx, never a 500, and no
 * log line carries the request's values (the query parameters).
 */
describe('database errors', async () => {
  const database = await createTestDatabase();
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  registerErrorHandling(app);
  app.post('/query', async (request) => {
    const { query } = request.body as { query: string };
    const secret = 'secret-value-7f3a';
    const queries: Record<string, () => Promise<unknown>> = {
      badUuid: () => database.db.execute(sql`select ${`${secret}-not-a-uuid`}::uuid`),
      numberOutOfRange: () => database.db.execute(sql`select ${`${secret}`.length * 1e10}::int`),
      tooLong: () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`create temp table fuzz_short (code varchar(5)) on commit drop`);
          await tx.execute(sql`insert into fuzz_short values (${secret})`);
        }),
      nul: () => database.db.execute(sql`select ${`${secret}\u0000`}::text`),
      badReference: () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`create temp table fuzz_parent (id int primary key) on commit drop`);
          await tx.execute(sql`create temp table fuzz_child (parent int references fuzz_parent) on commit drop`);
          await tx.execute(sql`insert into fuzz_child values (${secret.length})`);
        }),
      duplicate: () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`create temp table fuzz_unique (name text unique) on commit drop`);
          await tx.execute(sql`insert into fuzz_unique values (${secret}), (${secret})`);
        }),
      bug: () => database.db.execute(sql`select * from no_such_table where name = ${secret}`),
    };
    await queries[query]!();
    return { ok: true };
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const run = async (query: string) => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/query', payload: { query } });
    return { status: res.statusCode, body: res.json() as { code: string }, log: lines.join('') };
  };

  it.each([
    ['badUuid', 400, 'BAD_REQUEST'],
    ['numberOutOfRange', 400, 'BAD_REQUEST'],
    ['tooLong', 400, 'BAD_REQUEST'],
    ['nul', 400, 'BAD_REQUEST'],
    ['badReference', 404, 'NOT_FOUND'],
    ['duplicate', 409, 'CONFLICT'],
  ])('%s answers %i %s and logs no value', async (query, status, code) => {
    const res = await run(query);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.log).not.toContain('secret-value');
  });

  it('a query that is wrong in itself stays a 500, logged with its SQLSTATE and stack but without its parameters', async () => {
    const res = await run('bug');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL_ERROR');
    const entry = res.log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; error?: Record<string, unknown> })
      .find((e) => e.msg === 'request failed');
    expect(entry?.level).toBe(50);
    expect(entry?.error).toMatchObject({ message: expect.stringContaining('no_such_table'), stack: expect.stringContaining('at ') });
    expect(JSON.stringify(entry?.error)).toContain('42P01');
    expect(res.log).not.toContain('secret-value');
    expect(res.log).not.toContain('params:');
  });
});
