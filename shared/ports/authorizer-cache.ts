/**
 * The cache of authorizer results in front of the APIs: API Gateway's per-stage cache in AWS, the
 * local gateway's cache under `npm start`. Revoking a key flushes it, so the revocation applies to
 * the very next request.
 */
export interface AuthorizerCache {
  /** Forgets every cached authorization: the next request with any key runs the authorizer again. */
  flush(): Promise<void>;
}
