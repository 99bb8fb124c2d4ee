import { lazy } from 'react';
import { createRemoteRoutes } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';

const screens = () => import('../features/screens/placeholder-screens');

export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    'Login': lazy(() => screens().then((m) => ({ default: m.LoginPage }))),
    'SignUp': lazy(() => screens().then((m) => ({ default: m.SignUpPage }))),
    'SignUpSpecialists': lazy(() => screens().then((m) => ({ default: m.SignUpSpecialistsPage }))),
    'ForgotPassword': lazy(() => screens().then((m) => ({ default: m.ForgotPasswordPage }))),
    'ResetPassword': lazy(() => screens().then((m) => ({ default: m.ResetPasswordPage }))),
    'Expired': lazy(() => screens().then((m) => ({ default: m.ExpiredPage }))),
    'AdminLogin': lazy(() => screens().then((m) => ({ default: m.AdminLoginPage }))),
  },
});
