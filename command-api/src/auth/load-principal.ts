import type { AccessTokenClaims, Principal } from '@mathdaily/api-kit';
import type { EventStore } from '@mathdaily/event-store';

/**
 * The caller's current role and session state, from the user and auth-session streams, so a
 * role change, password change or sign-out counts on the very next request.
 * (Replaced by the accounts slice: until then no token is accepted.)
 */
export async function loadPrincipalFromStreams(_store: EventStore, _claims: AccessTokenClaims): Promise<Principal | null> {
  return null;
}
