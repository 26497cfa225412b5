/** The /boarding and /first-connect-infos route components, loaded on demand (see forgotten-password-pages.ts). */
import { lazyRouteComponent } from '@tanstack/react-router';

const screens = () => import('./boarding-screens');

export const BoardingPage = lazyRouteComponent(screens, 'BoardingPage');
export const FirstConnectPage = lazyRouteComponent(screens, 'FirstConnectPage');
