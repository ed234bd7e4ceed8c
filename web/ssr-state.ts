import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Flash } from '../common/forms.ts';
import type { LanguageCode } from '../common/languages.ts';
import type { SiteSettings } from '../common/schemas.ts';
import { ApiError } from './lib/api.ts';
import type { FormattedTexts } from './lib/intl.ts';

/** What a page rendered by the server hands to the browser, which then hydrates it. */
export interface SsrState {
  language: LanguageCode;
  settings: SiteSettings;
  queries: DehydratedState;
  /** What the page's Intl formatters wrote (web/lib/intl.ts). */
  texts: FormattedTexts;
  /**
   * The sections of its language's strings the page's texts came from, beyond the core (web/entry-server.tsx):
   * the browser hydrates with them rather than waiting for the rest of the language's strings.
   */
  strings?: Record<string, unknown>;
  /** What the router's loaders answered (null each: their data is in `queries`). */
  router: HydrationState;
  /** The message of the form sent just before, shown once. */
  flash: Flash | null;
}

export const SSR_STATE_ID = 'ssr-state';

export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

type SentError = { apiError: { status: number; code: string; message: string; retryAfter?: number; fields?: Record<string, string> } };

/**
 * A failed read travels as its parts (an Error's message is not JSON) and arrives as the same
 * ApiError, so the page the browser hydrates says what the server's said (not found, say).
 */
export function sendableQueries(queries: DehydratedState): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const sent: SentError = {
        apiError: { status: error.status, code: error.code, message: error.message, retryAfter: error.retryAfter, fields: error.fields },
      };
      return { ...query, state: { ...query.state, error: sent as unknown as Error } };
    }),
  };
}

export function receivedQueries(queries: DehydratedState): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((query) => {
      const sent = (query.state.error as unknown as SentError | null)?.apiError;
      if (!sent) return query;
      const error = new ApiError(sent.status, sent.code, sent.message, sent.retryAfter, sent.fields);
      return { ...query, state: { ...query.state, error } };
    }),
  };
}
