import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '@medallion/db/schema';
import { ensureAccount } from '../src/modules/auth/seed-accounts';
import { DEMO_DATA_PUBLIC_WARNING, demoExemptionHolds, twoFactorSetupRequired } from '../src/modules/auth/two-factor-policy';
import { buildTestApp } from './helpers/build-test-app';
import { sessionCookie } from './helpers/auth';

/*
 * The demo staff account's two-factor exemption (issue #21) never reaches a public server: it holds only
 * when PUBLIC_URL is a loopback address, and a server that seeds the demo data on another address warns
 * at start.
 */

describe('the rule', () => {
  it('holds on localhost, 127.0.0.1 and [::1] only', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST:8080/',
      'http://127.0.0.1:3000',
      'http://127.0.0.2',
      'http://[::1]:3000',
      'https://localhost',
    ]) {
      expect(demoExemptionHolds(url), url).toBe(true);
    }
    for (const url of [
      'https://medallion.example',
      'http://localhost.medallion.example',
      'http://127.0.0.1.nip.io',
      'http://10.0.0.5:3000',
      'http://[::2]:3000',
      'http://0.0.0.0:3000',
      '',
      'not a url',
    ]) {
      expect(demoExemptionHolds(url), url).toBe(false);
    }
  });

  it('exempts the marked staff account on a loopback PUBLIC_URL only; never unmarked staff', () => {
    const exempt = { role: 'staff' as const, twoFactorEnabled: false, twoFactorExempt: true };
    expect(twoFactorSetupRequired(exempt, 'http://localhost:3000')).toBe(false);
    expect(twoFactorSetupRequired(exempt, 'https://medallion.example')).toBe(true);
    expect(twoFactorSetupRequired({ ...exempt, twoFactorExempt: false }, 'http://localhost:3000')).toBe(true);
    expect(twoFactorSetupRequired({ ...exempt, twoFactorEnabled: true }, 'https://medallion.example')).toBe(false);
    expect(twoFactorSetupRequired({ ...exempt, role: 'user' }, 'https://medallion.example')).toBe(false);
  });
});

for (const [publicUrl, holds] of [
  ['http://localhost:3000', true],
  ['https://medallion.example', false],
] as const) {
  describe(`the exempt demo staff account at ${publicUrl}`, async () => {
    const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: publicUrl });

    it(holds ? 'uses the staff console without two-step sign-in' : 'must set up two-step sign-in first (403 TWO_FACTOR_REQUIRED)', async () => {
      const email = 'staff@medallion.example';
      const id = await ensureAccount(app.db, { email, password: 'Staff2024', name: 'Demo Staff', role: 'staff' });
      await app.db.update(user).set({ twoFactorExempt: true }).where(eq(user.id, id));

      const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'Staff2024' } });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.json()).toMatchObject({ user: { role: 'staff', twoFactorEnabled: false, twoFactorSetupRequired: !holds } });
      const cookie = sessionCookie(signIn);
      const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.json()).toMatchObject({ user: { twoFactorSetupRequired: !holds } });

      const overview = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });
      if (holds) {
        expect(overview.statusCode, overview.body).toBe(200);
      } else {
        expect(overview.statusCode, overview.body).toBe(403);
        expect(overview.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
      }
    });
  });
}

describe('the start-up warning', async () => {
  async function startLines(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    await buildTestApp({ LOG_LEVEL: 'warn', ...env }, { logStream: { write: (line) => void lines.push(line) } });
    return lines.filter((line) => line.includes(DEMO_DATA_PUBLIC_WARNING));
  }
  const publicDemo = await startLines({ SEED_DEMO_DATA: 'true', PUBLIC_URL: 'https://medallion.example' });
  const localDemo = await startLines({ SEED_DEMO_DATA: 'true', PUBLIC_URL: 'http://localhost:3000' });
  const publicNoDemo = await startLines({ SEED_DEMO_DATA: 'false', PUBLIC_URL: 'https://medallion.example' });

  it('warns when the demo data is seeded with a PUBLIC_URL others can reach', () => {
    const [line, ...more] = publicDemo;
    expect(more).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({ level: 40, publicUrl: 'https://medallion.example' });
    expect(DEMO_DATA_PUBLIC_WARNING).toContain('Set SEED_DEMO_DATA=false in production');
  });

  it('stays quiet on localhost, or without the demo data', () => {
    expect(localDemo).toEqual([]);
    expect(publicNoDemo).toEqual([]);
  });
});
