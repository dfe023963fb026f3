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

/** Route config for the per-IP limit shared by sign-in, sign-up, codes and e-mail checks. */
export function authRateLimit(config: Config) {
  return {
    rateLimit: {
      max: config.AUTH_RATE_LIMIT_MAX,
      timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    },
  };
}
