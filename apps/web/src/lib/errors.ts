import { ApiError } from './api.ts';

/** The message to show for a failed call, or `fallback` when the error carries none. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * A 404 as the route error screen expects it (react-router's `isRouteErrorResponse` shape),
 * so an unknown or someone else's record shows '404 Not Found' like an unknown route.
 */
export class NotFoundResponse {
  readonly status = 404;
  readonly statusText = 'Not Found';
  readonly internal = false;
  readonly data: { message: string };

  constructor(message: string) {
    this.data = { message };
  }
}

/** A failed page load as a route error: 404 (and a malformed id, 400) as Not Found, anything else as it is. */
export function routeErrorOf(error: Error): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return new NotFoundResponse(error.message);
  return error;
}
