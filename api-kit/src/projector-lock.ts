/**
 * The advisory lock the one active projector holds for its whole life (standbys wait for it).
 * Here, not in projector/, because query-api's health check looks for its holder in pg_locks.
 */
export const PROJECTOR_LOCK_KEY = 4_242_002;
