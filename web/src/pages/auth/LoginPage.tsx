import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';

/** /auth/login: the login form as a page (where a lost session sends the person). */
export function LoginPage() {
  return (
    <AuthCard title="Welcome back" subtitle="Log in to see your matches and applications.">
      <LoginForm />
    </AuthCard>
  );
}
