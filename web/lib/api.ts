import { actionRequest, type Action } from '../../common/actions.ts';
import type { ApiError as ApiErrorBody } from '../../common/error-codes.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The one way the web app calls the API: JSON in and out, failures as ApiError with the server's code. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  return send<T>(path, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
}

/**
 * Sends an action defined once (common/actions.ts) as the app does: its method, its path with the
 * fields filled in, the other fields as the body; the answer is the action's.
 */
export function sendAction<F extends object, A>(action: Action<string, F, A>, fields: F, init: { signal?: AbortSignal } = {}): Promise<A> {
  const { path, ...request } = actionRequest(action, fields);
  return api<A>(path, { ...request, ...init });
}

/** Sends one file as multipart/form-data (field `file`); the browser sets the content type with its boundary. */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  init: { method?: string; signal?: AbortSignal; fields?: Record<string, string> } = {},
): Promise<T> {
  const form = new FormData();
  // The text fields first: the server reads the parts in order, the file last.
  for (const [name, value] of Object.entries(init.fields ?? {})) form.append(name, value);
  form.append('file', file);
  return send<T>(path, { method: init.method ?? 'PUT', headers: { accept: 'application/json' }, body: form, signal: init.signal });
}

/**
 * A read answered by the server's own function for it, when the server renders a page
 * (web/entry-server.tsx, server/lib/reads.ts): its data as it is, or its failure's status and body.
 */
export type DirectAnswer =
  | { ok: true; data: unknown }
  | { ok: false; status: number; headers: Record<string, string>; body: Partial<ApiErrorBody> & { fields?: Record<string, string> } };
export type DirectRead = (path: string) => Promise<DirectAnswer>;

let directRead: DirectRead | undefined;

/** The server renders pages with their reads answered by the features themselves; the browser uses fetch. */
export function setDirectRead(next: DirectRead): void {
  directRead = next;
}

async function readDirectly<T>(read: DirectRead, path: string, init: RequestInit): Promise<T> {
  // A render only reads (its route's loaders): a write asked for while rendering is refused, never sent.
  if ((init.method ?? 'GET') !== 'GET') throw new Error(`A page render only reads; it asked to ${init.method} ${path}`);
  const answer = await read(path);
  if (answer.ok) return answer.data as T;
  throw apiError(answer.status, answer.body, Number(answer.headers['retry-after']));
}

function apiError(status: number, body: Partial<ApiErrorBody> & { fields?: Record<string, string> }, retry: number): ApiError {
  return new ApiError(status, body.code ?? 'INTERNAL_ERROR', body.message ?? 'Error', retry > 0 ? retry : undefined, body.fields);
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  if (directRead) return readDirectly<T>(directRead, path, init);
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ApiErrorBody> & { fields?: Record<string, string> };
    throw apiError(response.status, { message: response.statusText, ...body }, Number(response.headers.get('retry-after')));
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
