import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { ResetRequestForm } from '../components/reset-request-form';
import { SignInForm } from '../components/sign-in-form';

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
        <ResetRequestForm initialEmail={view.email} onBack={() => setView({ name: 'sign-in' })} />
      )}
    </AuthLayout>
  );
}
