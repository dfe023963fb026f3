import { afterAll } from 'vitest';
import { buildTestApp } from './build-test-app';
import { deleteRedisKeys, TEST_REDIS_URL, testRedisPrefix } from './shared-infra';

/** Where sessions live in a test: only the database (one instance), or Redis too (several instances). */
export type SessionStorage = 'database' | 'redis';

/**
 * A test app whose sessions live in the database or, with 'redis', in Redis under a key prefix of its
 * own (redisPrefix; removed after the suite). Auth limits are raised so a suite's many sign-ins are not refused.
 */
export async function buildAppWithSessionsIn(storage: SessionStorage, label: string) {
  const prefix = testRedisPrefix(label);
  const built = await buildTestApp({
    AUTH_RATE_LIMIT_MAX: '1000',
    ...(storage === 'redis' ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, MEDIA_SHARED: 'true' } : {}),
  });
  afterAll(async () => {
    if (storage === 'redis') await deleteRedisKeys(prefix);
  });
  return { ...built, redisPrefix: prefix };
}
