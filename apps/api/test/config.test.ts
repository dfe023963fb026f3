import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, assertStaffPasswordNotCommon, configSchema, loadConfig } from '../src/config';
import { isCommonPassword } from '../src/modules/auth/common-passwords';

describe('config', () => {
  it('has working defaults for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SUPPORT_EMAIL: 'support@medallion.example',
      SEED_DEMO_DATA: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('treats empty values as not set', () => {
    const config = loadConfig({ SMTP_URL: '', DATABASE_URL: '' });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('coerces numbers and booleans', () => {
    expect(loadConfig({ PORT: '8080', SEED_DEMO_DATA: 'false', TRUST_PROXY: '1' })).toMatchObject({
      PORT: 8080,
      SEED_DEMO_DATA: false,
      TRUST_PROXY: true,
    });
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', SUPPORT_EMAIL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must start with postgres/m);
    expect(problems).toMatch(/^SMTP_URL: must start with smtp/m);
    expect(problems).toMatch(/^SUPPORT_EMAIL: /m);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('refuses pictures on local disk when several instances run (REDIS_URL), saying why and what to set', () => {
    let error: unknown;
    try {
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('S3_BUCKET');
    expect(message).toContain('MEDIA_SHARED=true');
    expect(message).toMatch(/only by the instance that received the upload/);
    // A shared folder or a bucket is fine; one instance (no REDIS_URL) keeps the local disk.
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', MEDIA_SHARED: 'true' }).MEDIA_SHARED).toBe(true);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', S3_BUCKET: 'medallion-media' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe('medallion:');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379', MEDIA_SHARED: 'true' })).toThrow(/REDIS_URL: must start with redis:\/\//);
  });

  it('refuses a STAFF_PASSWORD that breaks the password rule, saying what the rule is', () => {
    for (const weak of ['Short1a', 'alllowercase123', 'ALLUPPERCASE123', 'NoDigitsHereAtAll', 'With spaces 123A', 'Symbols!123abcD']) {
      let error: unknown;
      try {
        loadConfig({ STAFF_EMAIL: 'staff@example.com', STAFF_PASSWORD: weak });
      } catch (e) {
        error = e;
      }
      expect(error, weak).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message, weak).toMatch(/^ {2}- STAFF_PASSWORD: (must be at least 10 characters|must follow the password rule)/m);
    }
    expect(loadConfig({ STAFF_EMAIL: 'staff@example.com', STAFF_PASSWORD: 'Kq7vTaxiDepot2031' }).STAFF_PASSWORD).toBe('Kq7vTaxiDepot2031');
  });

  it('refuses a common STAFF_PASSWORD (ignoring case) and lets an uncommon one through', async () => {
    expect(await isCommonPassword('Password123')).toBe(true);
    const config = loadConfig({ STAFF_EMAIL: 'staff@example.com', STAFF_PASSWORD: 'Password123' });
    await expect(assertStaffPasswordNotCommon(config)).rejects.toThrow(ConfigError);
    await expect(assertStaffPasswordNotCommon(config)).rejects.toThrow(/STAFF_PASSWORD: is one of the 10,000 most common passwords/);
    await expect(assertStaffPasswordNotCommon(loadConfig({ STAFF_PASSWORD: 'Kq7vTaxiDepot2031' }))).resolves.toBeUndefined();
    await expect(assertStaffPasswordNotCommon(loadConfig({}))).resolves.toBeUndefined();
  });

  it('documents every variable in .env.example and the README', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const key of Object.keys(configSchema.shape)) {
      expect(example, key).toMatch(new RegExp(`^#? ?${key}=`, 'm'));
      expect(readme, key).toContain(`\`${key}\``);
    }
  });
});
