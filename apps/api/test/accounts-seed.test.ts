import { afterAll, describe, expect, it } from 'vitest';
import { appSettings } from '@medallion/db/schema';
import { resolveAuthSecret } from '../src/modules/auth/auth-secret';
import { demoAccountsSeedStep } from '@medallion/demo';
import { DEMO_ACCOUNTS } from '../../../test-support/demo-accounts';
import { demoSeedContext } from '../src/modules/demo/seed-context';
import { runSeed } from '@medallion/db/seed';
import { buildTestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-database';

describe('demo accounts', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('seeds a staff and a driver account that can sign in, once', async () => {
    const accounts = demoAccountsSeedStep(demoSeedContext({ storage: app.storage }));
    await runSeed(app.db, [accounts]);
    await runSeed(app.db, [accounts]);
    for (const demo of Object.values(DEMO_ACCOUNTS)) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: demo.email, password: demo.password } });
      expect(res.statusCode, demo.email).toBe(200);
      expect(res.json().user).toMatchObject({ email: demo.email, role: demo.role, status: 'CONFIRMED' });
    }
  });
});

describe('auth secret', async () => {
  const database = await createTestDatabase();
  afterAll(() => database.dispose());

  it('uses AUTH_SECRET when set, else generates one and keeps it', async () => {
    expect(await resolveAuthSecret(database.db, 'x'.repeat(40))).toBe('x'.repeat(40));
    const first = await resolveAuthSecret(database.db);
    const second = await resolveAuthSecret(database.db);
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(await database.db.select().from(appSettings)).toHaveLength(1);
  });
});
