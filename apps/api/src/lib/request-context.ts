import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** The request being served by the current async call chain, if any (see plugins/request-id.ts). */
const current = new AsyncLocalStorage<{ log: FastifyBaseLogger }>();

/**
 * Runs `fn` (a request's remaining lifecycle) with `log` as the logger of its call chain (at once
 * when the chain already has it, as a request without a body still has at validation).
 */
export function runWithRequestLogger(log: FastifyBaseLogger, fn: () => void): void {
  if (current.getStore()?.log === log) fn();
  else current.run({ log }, fn);
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', 'child', 'level', 'isLevelEnabled']);

/**
 * A logger for integrations built once at start (mailer, conversion hook, …) that writes through the
 * current request's logger when called while a request is served, so those lines carry its `reqId`,
 * and through `base` otherwise (background work, start-up).
 */
export function contextLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(target, property, receiver) {
      if (typeof property === 'string' && LEVELS.has(property)) {
        const log = current.getStore()?.log ?? target;
        const value = Reflect.get(log, property, log) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(log) : value;
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
