/** First and last characters only: enough to compare, not enough to use. */
export function shortenToken(token: string | null): string {
  if (!token) return '(none)';
  if (token.length <= 20) return token;
  return `${token.slice(0, 12)}…${token.slice(-6)} (${token.length} characters)`;
}

/** Expiry from a JWT's payload, when it has one; nothing is verified here. */
export function tokenExpiry(token: string | null): Date | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return claims.exp ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

