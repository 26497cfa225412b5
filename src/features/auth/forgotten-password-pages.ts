/**
 * The forgotten-password route components, loaded on demand: the guest
 * screens other than login each have their own chunk, so that a new user's
 * first screen does not carry their forms (formik among them; issue 14's
 * budget). The service worker precaches every chunk: they open offline too.
 */
import { lazyRouteComponent } from '@tanstack/react-router';

const screens = () => import('./forgotten-password-screens');

export const ForgottenPasswordPage = lazyRouteComponent(screens, 'ForgottenPasswordPage');
export const ForgottenPasswordCodePage = lazyRouteComponent(screens, 'ForgottenPasswordCodePage');
export const ForgottenPasswordChangePage = lazyRouteComponent(screens, 'ForgottenPasswordChangePage');
