import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { AccessTokenClaims, Principal, Role } from '@mathdaily/api-kit';

const row = z.object({
  user_id: z.string(),
  role: z.string(),
  credentials_version: z.number(),
  revoked: z.boolean(),
  expired: z.boolean(),
});

/**
 * The production query-api's principal loader: the caller's current role and session state from
 * the `users` and `auth_sessions` read models. Same rules as the command side's stream loader
 * (unknown, revoked or expired session, someone else's session, stale credentials version → null).
 * A session started a moment ago may not be projected yet, so a missing row is retried briefly.
 */
export async function loadPrincipalFromReadModels(
  pool: DatabasePool,
  claims: AccessTokenClaims,
  options: { waitMs?: number; now?: () => Date } = {},
): Promise<Principal | null> {
  const deadline = Date.now() + (options.waitMs ?? 2000);
  for (;;) {
    const now = (options.now ?? (() => new Date()))().toISOString();
    const found = await pool.maybeOne(sql.type(row)`
      SELECT s.user_id, u.role, u.credentials_version,
             s.revoked_at IS NOT NULL AS revoked, s.absolute_expires_at <= ${now}::timestamptz AS expired
      FROM read_models.auth_sessions s JOIN read_models.users u ON u.id = s.user_id
      WHERE s.session_id = ${claims.sid}`);
    if (found) {
      if (found.user_id !== claims.sub || found.revoked || found.expired || found.credentials_version !== claims.ver) return null;
      return { userId: claims.sub, role: found.role as Role, sessionId: claims.sid };
    }
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
