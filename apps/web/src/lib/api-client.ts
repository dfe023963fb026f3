import { ERROR_CODES, type ErrorCode } from '@medallion/contracts/error-codes';
import type { ApiError } from '@medallion/contracts/errors';
import { currentI18n } from './i18n';
import { requestScope } from './request-scope';
import { localizeMessage } from './server-messages';

/** Base of every API call. */
export const API_BASE = '/api';

/** Every failed call becomes one of these: the server's {code, message, fields} plus the HTTP status. */
export class ApiClientError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/** A structural check of {code, message, fields?} (kept zod-free so every page does not load zod). */
function asApiError(payload: unknown): ApiError | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { code, message, fields } = payload as Record<string, unknown>;
  if (typeof code !== 'string' || !(ERROR_CODES as readonly string[]).includes(code)) return null;
  if (typeof message !== 'string') return null;
  const validFields = typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : undefined;
  return { code: code as ErrorCode, message, ...(validFields ? { fields: validFields } : {}) };
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

/** The one fetch client: JSON in and out, the user's language sent along, errors normalised. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const scope = requestScope();
  const i18n = currentI18n();
  // On the server the URL's origin is a placeholder: the scope answers the call in-process.
  const url = new URL(`${API_BASE}${path}`, scope ? 'http://medallion.internal' : window.location.origin);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.language || 'en' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await (scope?.fetch ?? fetch)(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiClientError(0, 'NETWORK_ERROR', i18n.t('common:errors.network'));
  }

  const text = await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  if (!response.ok) {
    const apiError = asApiError(payload);
    if (apiError) {
      // Known server texts (the message and each field's) are shown in the user's language.
      const fields = apiError.fields ? Object.fromEntries(Object.entries(apiError.fields).map(([key, text]) => [key, localizeMessage(text)])) : undefined;
      throw new ApiClientError(response.status, apiError.code, localizeMessage(apiError.message), fields);
    }
    throw new ApiClientError(response.status, response.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST', i18n.t('common:errors.unexpected'));
  }
  return payload as T;
}
