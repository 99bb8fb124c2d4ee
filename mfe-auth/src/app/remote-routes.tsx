import { createRemoteRoutes, lazyPage } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';
import type { RemoteModules } from 'shared/federation';

// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    Login: lazyPage(() => import('../features/sign-in/sign-in-page').then((m) => ({ default: m.SignInPage }))),
    SignUp: lazyPage(() => import('../features/sign-up/sign-up-page').then((m) => ({ default: m.SignUpPage }))),
    SignUpSpecialists: lazyPage(() => import('../features/sign-up/sign-up-page').then((m) => ({ default: m.SignUpSpecialistsPage }))),
    ForgotPassword: lazyPage(() => import('../features/password/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage }))),
    ResetPassword: lazyPage(() => import('../features/password/reset-password-page').then((m) => ({ default: m.ResetPasswordPage }))),
    Expired: lazyPage(() => import('../features/password/expired-page').then((m) => ({ default: m.ExpiredPage }))),
    VerifyEmail: lazyPage(() => import('../features/verify-email/verify-email-page').then((m) => ({ default: m.VerifyEmailPage }))),
    Unsubscribe: lazyPage(() => import('../features/unsubscribe/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage }))),
    SocialCallback: lazyPage(() => import('../features/social/social-callback-page').then((m) => ({ default: m.SocialCallbackPage }))),
    SocialLinkConfirm: lazyPage(() => import('../features/social/link-account-page').then((m) => ({ default: m.LinkAccountPage }))),
    AdminLogin: lazyPage(() => import('../features/admin/admin-login-page').then((m) => ({ default: m.AdminLoginPage }))),
  },
}) satisfies RemoteModules['mfe_auth']['Routes'];
