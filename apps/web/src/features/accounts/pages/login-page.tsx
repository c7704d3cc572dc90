import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { SignInForm } from '../components/sign-in-form';

// The reset view (and the zod schema it validates with) loads when someone asks for it.
const ResetRequestForm = lazy(() =>
  import('../components/reset-request-form').then((module) => ({ default: module.ResetRequestForm })),
);

type View = { name: 'sign-in' } | { name: 'reset'; email: string };

/** '/login' (and '/' or any unknown address while signed out): e-mail sign-in, with the reset view. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const [view, setView] = useState<View>({ name: 'sign-in' });
  return (
    <AuthLayout>
      {view.name === 'sign-in' ? (
        <SignInForm onForgotPassword={(email) => setView({ name: 'reset', email })} />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <ResetRequestForm initialEmail={view.email} onBack={() => setView({ name: 'sign-in' })} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
