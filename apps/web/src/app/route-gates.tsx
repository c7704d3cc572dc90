import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { hadSession, preloadWhenSignedIn, useCurrentUser } from '../lib/get-me';
import { paths } from '../lib/paths';
import { returnToFrom } from '../lib/return-to';
import { useSignedInUser } from '../lib/use-signed-in-user';
import type { AccessRule } from './access';
import { ErrorScreen, NotFoundPage } from './error-screens';
import { loadAppShell } from './shell/load-app-shell';

const loadLoginPage = () => import('../features/accounts/pages/login-page');
const LoginPage = lazy(() => loadLoginPage().then((module) => ({ default: module.LoginPage })));
// A browser with no session opening the sign-in page: its chunks are fetched while React starts,
// not after React has rendered down to this page. (Not on '/': a browser with a session cookie
// but no hint yet would fetch the sign-in page for nothing.)
if (!hadSession() && window.location.pathname === paths.login) {
  void loadLoginPage().catch(() => undefined);
}

// The signed-in shell (drawer, bell, alerts) loads once someone is signed in: never on /login.
const AppShell = lazy(() => loadAppShell().then((module) => ({ default: module.AppShell })));
preloadWhenSignedIn(loadAppShell);

/** The id of the catch-all route: an unknown address. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

function SignIn() {
  return (
    <Suspense fallback={<PageLoader fullPage />}>
      <LoginPage />
    </Suspense>
  );
}

/**
 * Signed-in pages. While signed out, '/' and unknown addresses show the sign-in page in place
 * (spec 1 §2.1); any other signed-in-only address redirects to '/login'.
 */
export function RequireUser() {
  const me = useCurrentUser();
  const location = useLocation();
  const matches = useMatches();
  if (me.isPending) return <PageLoader fullPage label="Loading your portal…" />;
  if (me.isError) return <ErrorScreen message={me.error.message} />;
  if (!me.data) {
    const unknownAddress = matches.some((match) => match.id === NOT_FOUND_ROUTE_ID);
    if (location.pathname === paths.home || unknownAddress) return <SignIn />;
    // Back to this page after signing in (e.g. an e-mail verification link opened signed out).
    return <Navigate to={paths.login} replace state={{ returnTo: `${location.pathname}${location.search}` }} />;
  }
  // A temporary password is replaced before anything else (the server refuses the rest).
  if (me.data.mustChangePassword && location.pathname !== paths.updatePassword) {
    return <Navigate to={paths.updatePassword} replace />;
  }
  return (
    <Suspense fallback={<PageLoader fullPage label="Loading your portal…" />}>
      <AppShell user={me.data} />
    </Suspense>
  );
}

/**
 * Signed-out pages: a signed-in user goes home. A browser with no session hint shows the page at
 * once instead of waiting a round trip for /api/me (a signed-out phone on a slow line), and still
 * goes home should the answer name a user.
 */
export function SignedOutOnly({ children }: { children?: React.ReactNode }) {
  const me = useCurrentUser();
  const location = useLocation();
  if (me.isPending && hadSession()) return <PageLoader fullPage />;
  if (me.data) return <Navigate to={returnToFrom(location.state)} replace />;
  return children ?? <Outlet />;
}

export function LoginRoute() {
  return (
    <SignedOutOnly>
      <SignIn />
    </SignedOutOnly>
  );
}

/** A page the user's role, flags or waiting state do not allow shows the access-denied page. */
export function Guard({ rule }: { rule: AccessRule }) {
  const user = useSignedInUser();
  return rule(user) ? <Outlet /> : <NotFoundPage />;
}
