/**
 * The router's library, as much of it as the app uses: the entry (main.tsx) imports this module
 * alone before the rest of the app, so that evaluating the library is a task of its own. Named,
 * because importing the whole package dynamically would also bundle what no screen uses.
 */
export {
  Link,
  Outlet,
  RouterProvider,
  createBrowserHistory,
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  getRouteApi,
  lazyRouteComponent,
  redirect,
  useBlocker,
  useMatches,
  useNavigate,
  useRouter,
} from '@tanstack/react-router';
