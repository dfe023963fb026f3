import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import type { HydrationState } from 'react-router';
import type { Language } from '@medallion/contracts/site';
import type { MessageKey } from '@medallion/contracts/messages';
import { ApiClientError, type ApiMessage } from '@/lib/api-client';

/**
 * What a server-rendered page hands to the browser so that hydration needs no second request:
 * its language and the texts it used, the TanStack Query cache its loaders filled, and React
 * Router's loader results. It travels as JSON in `<script type="application/json" id="…">` (data,
 * never executed, so the CSP needs no exception).
 */
export interface SsrState {
  language: Language;
  /** The public origin the page was rendered with (its canonical links). */
  origin: string;
  texts: Resource;
  queries: DehydratedState;
  router: HydrationState;
  /** The lazy parts the server rendered into the page (components/ui/lazy.ts): loaded before hydration. */
  parts?: string[];
}

export const SSR_STATE_ELEMENT_ID = 'medallion-state';

interface SerializedApiError {
  apiClientError: {
    status: number;
    code: ApiClientError['code'];
    key?: MessageKey;
    params?: Record<string, string | number>;
    message: string;
    fields?: Record<string, ApiMessage>;
  };
}

/** Successful and failed queries both go along: a failed one (a missing listing) renders its error view on both sides. */
export function dehydrateQueries(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error instanceof ApiClientError) {
      const serialized: SerializedApiError = {
        apiClientError: {
          status: error.status,
          code: error.code,
          ...(error.key ? { key: error.key } : {}),
          ...(error.params ? { params: error.params } : {}),
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      };
      (query.state as { error: unknown }).error = serialized;
    } else if (error) {
      (query.state as { error: unknown }).error = { message: 'failed' };
    }
  }
  return state;
}

/**
 * The same state without the times its queries were fetched and dehydrated, which differ on every
 * render: what a page's ETag is made from, so a page whose content has not changed answers 304.
 */
export function withoutFetchTimes(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 } })),
  };
}

export function hydrateQueries(queryClient: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) {
    const error = query.state.error as Partial<SerializedApiError> | null | undefined;
    if (error?.apiClientError) {
      const { status, code, ...body } = error.apiClientError;
      (query.state as { error: unknown }).error = new ApiClientError(status, code, body);
    } else if (error) {
      (query.state as { error: unknown }).error = new Error('failed');
    }
  }
  hydrate(queryClient, state);
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function serializeSsrState(state: SsrState): string {
  return scriptSafeJson(JSON.stringify(state));
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const SAFE_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON text made safe inside a <script> element (one pass: these characters only occur in its strings). */
export function scriptSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (char) => SAFE_ESCAPES[char]!);
}

/** The state of a server-rendered page, or null (a page the browser renders alone, e.g. in `vite dev`). */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
