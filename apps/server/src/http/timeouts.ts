/**
 * How long a client may take, so that slow or silent clients (slow-loris) cannot hold connections
 * forever. Fastify's defaults turn the request timeout off and leave idle sockets open.
 */
export interface HttpTimeouts {
  /** The request line and headers: one packet from any browser, so short. */
  headersMs: number;
  /**
   * The whole request, body included. The largest body is a 10 MB picture: on a slow phone uplink
   * (about 1 Mbit/s, poor 3G or one bar of 4G) that takes 80–90 s, so 120 s lets it finish while
   * still ending a client that trickles a body forever.
   */
  requestMs: number;
  /** No byte either way for this long (a silent client, a stalled upload) closes the connection. */
  idleMs: number;
  /** An idle keep-alive connection between requests; longer than the 60 s idle timeout of common load balancers, so the proxy closes first and never reuses a socket we are closing. */
  keepAliveMs: number;
  /** How often Node checks the header and request deadlines (its default, 30 s, would let a header trickle live 45 s). */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 120_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

/** The Fastify server options that apply them; a client that runs out of time gets a 408 and the connection is closed. */
export function timeoutOptions(t: HttpTimeouts) {
  return {
    connectionTimeout: t.idleMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkIntervalMs },
  };
}
