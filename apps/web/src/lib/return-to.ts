/**
 * Where to go after signing in: the signed-in page the user opened while signed out (an e-mail
 * verification link, say), kept in the router state by the redirect to '/login'. Only a path on
 * this site, so a crafted state cannot send anyone elsewhere.
 */
export function returnToFrom(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
}
