import { apiErrorSchema } from '@medallion/contracts/errors';
import type { Config } from '../config';
import { AppError } from './app-error';

/** Every 4xx a route may answer, documented with the one error model. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  423: apiErrorSchema,
  429: apiErrorSchema,
};

/** Route config for a per-IP limit: `max` calls per `timeWindowMs` (a minute unless given), then 429 RATE_LIMITED. */
export function ipRateLimit(max: number, timeWindowMs = 60_000) {
  return { rateLimit: { max, timeWindow: timeWindowMs, errorResponseBuilder: () => new AppError('RATE_LIMITED') } };
}

/** Route config for the per-IP limit shared by sign-in, sign-up, codes and e-mail checks. */
export function authRateLimit(config: Config) {
  return ipRateLimit(config.AUTH_RATE_LIMIT_MAX, config.AUTH_RATE_LIMIT_WINDOW_MS);
}
