/**
 * The HTTP server's timeouts. Keep-alive outlives the idle timeout of proxies and clients that
 * reuse connections (nginx, browsers): otherwise both may close one at the same moment and a
 * request is reset. A request may take 30 minutes: a 100 MB video from a phone on a slow uplink
 * takes minutes (Node's default cuts at 5), and a body sent more slowly than that is cut off, as is
 * one that stalls for a minute (the live /try stream turns this off for its own connection).
 */
export const HTTP_TIMEOUTS = {
  /** A connection that sends and receives nothing this long (a stalled body) is closed. */
  idleMs: 60_000,
  keepAliveMs: 65_000,
  headersMs: 66_000,
  requestMs: 30 * 60_000,
} as const;
