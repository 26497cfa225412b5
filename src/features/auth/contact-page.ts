/** The /contact route component, loaded on demand (see forgotten-password-pages.ts). */
import { lazyRouteComponent } from '@tanstack/react-router';

export const ContactPage = lazyRouteComponent(() => import('./contact-screen'), 'ContactPage');
