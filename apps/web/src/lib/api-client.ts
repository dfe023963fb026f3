import { ERROR_CODES, type ErrorCode } from '@medallion/contracts/error-codes';
import type { ApiError } from '@medallion/contracts/errors';
import type { MessageKey } from '@medallion/contracts/messages';
import { currentI18n } from './i18n';
import { requestScope } from './request-scope';

/** Base of every API call. */
export const API_BASE = '/api';

/** One message of the server: the key the web translates, its params, and the server's English text. */
export interface ApiMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
  message: string;
}

/**
 * Every failed call becomes one of these: the server's {code, key, params, message, fields} plus the
 * HTTP status. `message` stays the server's English text (for logs); what the user sees is
 * errorText(error) (lib/error-text.ts), which translates the key. A call that got no answer is
 * NETWORK_ERROR, without a key.
 */
export class ApiClientError extends Error {
  readonly key: MessageKey | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly fields: Record<string, ApiMessage> | undefined;

  constructor(
    public readonly status: number,
    public readonly code: ErrorCode | 'NETWORK_ERROR',
    body: { key?: MessageKey; params?: Record<string, string | number>; message: string; fields?: Record<string, ApiMessage> },
  ) {
    super(body.message);
    this.name = 'ApiClientError';
    this.key = body.key;
    this.params = body.params;
    this.fields = body.fields;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function asMessage(value: unknown): ApiMessage | null {
  if (!isRecord(value)) return null;
  const { key, params, message } = value;
  if (typeof key !== 'string' || typeof message !== 'string') return null;
  // An unknown key (a newer server) still has its English text: errorText() falls back to it.
  return { key: key as MessageKey, ...(isRecord(params) ? { params: params as Record<string, string | number> } : {}), message };
}

/** A structural check of {code, key, params?, message, fields?} (kept zod-free so every page does not load zod). */
function asApiError(payload: unknown): ApiError | null {
  if (!isRecord(payload)) return null;
  const { code, fields } = payload;
  if (typeof code !== 'string' || !(ERROR_CODES as readonly string[]).includes(code)) return null;
  const message = asMessage(payload);
  if (!message) return null;
  const validFields = isRecord(fields)
    ? Object.fromEntries(
        Object.entries(fields).flatMap(([path, value]) => {
          const m = asMessage(value);
          return m ? [[path, m]] : [];
        }),
      )
    : undefined;
  return { code: code as ErrorCode, ...message, ...(validFields ? { fields: validFields } : {}) };
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
    throw new ApiClientError(0, 'NETWORK_ERROR', { message: 'The server could not be reached.' });
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
      const { code, ...body } = apiError;
      throw new ApiClientError(response.status, code, body);
    }
    // No error body of ours (a proxy's page): the generic "something went wrong".
    throw new ApiClientError(response.status, response.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST', {
      key: 'error.internal',
      message: `The server answered ${response.status}.`,
    });
  }
  return payload as T;
}
