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

/** Sends one file as multipart/form-data (field `file`); the browser sets the content type with its boundary. */
export async function apiUpload<T>(path: string, file: Blob, init: { method?: string; signal?: AbortSignal; fields?: Record<string, string> } = {}): Promise<T> {
  const form = new FormData();
  // The text fields first: the server reads the parts in order, the file last.
  for (const [name, value] of Object.entries(init.fields ?? {})) form.append(name, value);
  form.append('file', file);
  return send<T>(path, { method: init.method ?? 'PUT', headers: { accept: 'application/json' }, body: form, signal: init.signal });
}

/** What the app reads of an answer: fetch's Response, or the server's in-process answer when it renders a page. */
export type ApiResponse = Pick<Response, 'ok' | 'status' | 'statusText' | 'text'> & { headers: Pick<Headers, 'get'> };

export type ApiTransport = (path: string, init: RequestInit) => Promise<ApiResponse>;

type Transport = ApiTransport;

let transport: Transport = (path, init) => fetch(path, { ...init, credentials: 'same-origin' });

/** The server renders pages with the API answered in-process (web/entry-server.tsx); the browser uses fetch. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: ApiResponse;
  try {
    response = await transport(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ApiErrorBody> & { fields?: Record<string, string> };
    const retry = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, body.code ?? 'INTERNAL_ERROR', body.message ?? response.statusText, retry > 0 ? retry : undefined, body.fields);
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
