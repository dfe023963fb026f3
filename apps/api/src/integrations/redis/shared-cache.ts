import type { SharedRedis } from './redis-client';

/**
 * A small string cache with a TTL that every server instance shares: Redis under
 * REDIS_KEY_PREFIX + 'cache:'. Values are strings (callers serialize).
 */
export interface SharedCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export function redisCache(redis: SharedRedis): SharedCache {
  const { client } = redis;
  const k = (key: string) => redis.key('cache', key);
  return {
    get: (key) => client.get(k(key)),
    async set(key, value, ttlMs) {
      await client.set(k(key), value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async delete(key) {
      await client.del(k(key));
    },
  };
}
