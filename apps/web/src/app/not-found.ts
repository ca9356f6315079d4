/**
 * A 404 as the route error screen expects it (react-router's `isRouteErrorResponse` shape), so an
 * unknown record shows '404 Not Found' like an unknown route.
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
