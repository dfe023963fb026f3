import type { SharedRedis } from './redis-client';

/** better-auth's SecondaryStorage contract (better-auth/core: db/type.d.mts), which it takes as `secondaryStorage`. */
export interface AuthSecondaryStorage {
  get(key: string): Promise<string | null>;
  getAndDelete(key: string): Promise<string | null>;
  increment(key: string, ttlSeconds: number): Promise<number>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** INCR, and the TTL only when the key is new (a fixed window, as better-auth's contract asks). */
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 and tonumber(ARGV[1]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * better-auth's secondary storage on Redis, under REDIS_KEY_PREFIX + 'auth:': sessions (with the
 * user they belong to), the list of a user's sessions and revocation marks, shared by every instance.
 *
 * A read that fails (Redis away) answers "not there": sessions are kept in the database too
 * (storeSessionInDatabase), so better-auth then reads the session from there. Writes and deletes
 * fail loudly: a sign-out must not seem to succeed while its session stays in Redis.
 */
export function redisAuthStorage(redis: SharedRedis): AuthSecondaryStorage {
  const { client } = redis;
  const k = (key: string) => redis.key('auth', key);
  return {
    get: (key) => client.get(k(key)).catch(() => null),
    getAndDelete: (key) => client.getdel(k(key)),
    increment: async (key, ttlSeconds) => Number(await client.eval(INCREMENT, 1, k(key), Math.max(0, Math.ceil(ttlSeconds)))),
    async set(key, value, ttlSeconds) {
      if (ttlSeconds !== undefined && ttlSeconds > 0) await client.set(k(key), value, 'EX', Math.ceil(ttlSeconds));
      else await client.set(k(key), value);
    },
    async delete(key) {
      await client.del(k(key));
    },
  };
}
