import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from 'shared/ui';

// Screens whose content comes with later work; each already has its route, title and translations.

export function LoginPage() {
  return <PagePlaceholder title={<Trans>Sign in</Trans>} />;
}

export function SignUpPage() {
  return <PagePlaceholder title={<Trans>Create your account</Trans>} />;
}

export function SignUpSpecialistsPage() {
  return <PagePlaceholder title={<Trans>Create your specialist account</Trans>} />;
}

export function ForgotPasswordPage() {
  return <PagePlaceholder title={<Trans>Forgot your password?</Trans>} />;
}

export function ResetPasswordPage() {
  return <PagePlaceholder title={<Trans>Set a new password</Trans>} />;
}

export function ExpiredPage() {
  return <PagePlaceholder title={<Trans>This link has expired</Trans>} />;
}

export function AdminLoginPage() {
  return <PagePlaceholder title={<Trans>Admin sign in</Trans>} />;
}
