import type { FieldRefusal } from '@second-gear/contract';

/**
 * An HTTP call that did not answer 2xx; `message` is the server's own message, and `fields` the
 * sentence for each field a refused form sent (empty when the refusal is not about a field).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: readonly FieldRefusal[];

  constructor(message: string, status: number, code?: string, fields: readonly FieldRefusal[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body. */
  json?: unknown;
  body?: BodyInit | null;
}

/** A refusal the same request will meet again (bad input, no session, wrong role, not found). */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** The `message` of an error body (ours or better-auth's), if it has one. */
export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return undefined;
}

function fieldsOf(body: unknown): FieldRefusal[] {
  if (!body || typeof body !== 'object' || !('fields' in body) || !Array.isArray(body.fields)) return [];
  return body.fields.filter((f): f is FieldRefusal => typeof f?.field === 'string' && typeof f?.message === 'string');
}

function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
  return undefined;
}

/** How a call reaches the backend: the browser's fetch, or the server's own answer to a page it draws. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** For the server that draws pages (entry-server.tsx): its calls are answered in its own process, with the visitor's cookie. */
export function sendApiCallsWith(send: ApiTransport): void {
  transport = send;
}

/**
 * Calls the product's backend at `/api` + `path` with the session cookie.
 * Errors answer `{ statusCode, error, message, fields? }` (better-auth: `{ code, message }`);
 * either way the thrown error carries that `message`.
 */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  const response = await transport(`/api${path}`, { credentials: 'same-origin', ...rest, headers, body });
  const text = await response.text();
  let data: unknown = null;
  let parsed = true;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      parsed = false;
    }
  }

  if (!response.ok) {
    const fallback = response.statusText || `Request failed with status ${response.status}`;
    throw new ApiError(messageOf(data) ?? fallback, response.status, codeOf(data), fieldsOf(data));
  }
  if (!parsed) throw new ApiError('The server sent an unexpected answer.', response.status);
  return data as T;
}
