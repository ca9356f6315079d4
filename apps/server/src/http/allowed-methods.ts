import type { FastifyInstance } from 'fastify';

/**
 * The methods the routes matching a path answer, for a 405 and its `Allow` header: Fastify's router
 * answers a known path asked with another method as not found, and offers no lookup of a concrete
 * path (hasRoute and findRoute take a route's pattern). Every route registered after this call is
 * seen, with `:param` as one segment and a trailing `*` as the rest of the path.
 */
export function trackAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    routes.push({ pattern: patternOf(route.url), methods: [route.method].flat() });
  });
  return (path) => [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))].sort();
}

function patternOf(url: string): RegExp {
  const segments = url.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.includes(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}
