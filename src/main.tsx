/** Entry point: React's DOM and the styles, then the app (app/app-root.tsx) in tasks of its own. */
import { createRoot } from 'react-dom/client';
import { untilLoaded } from './app/shell/lazy-retried';
import './app/styles.css';
import './ui/shared.css';
import './ui/kit-styles';
import './services/install';

const root = createRoot(document.getElementById('root')!);
// The app's code is evaluated after React's DOM, in two more tasks: each dynamic import below is
// evaluated in a task of its own. Evaluated together (the router's library, then the session, the
// sync layer's index and the route tree) they made one task of 50-65 ms at every page load, 200 ms
// and more of Lighthouse's blocking time at 4× (issue 22). The HTML preloads both (vite.config.ts),
// so a first visit does not wait a round trip more for the second; if the network goes in between,
// the app's chunk is fetched again when it comes back (lazy-retried.ts). The router's library is
// imported first only for its task: failed, it is left to the app's chunk, which imports it too (asked
// again under a new address, it would run twice; on Chromium 150 its failure is kept for both).
// Not fetched, the app has nothing on screen: the HTML's note (index.html) says so at once, and the page is
// loaded again when the network comes back, the one way past a failure Chromium 150 keeps. Only while the
// note is there: once a retry has drawn the app (React cleared it), a reload could lose what is typed.
const noteFailure = (error: unknown) => {
  document.querySelector('.boot-note')?.classList.add('boot-note--failed');
  addEventListener('online', () => document.querySelector('.boot-note') && location.reload(), { once: true });
  throw error;
};
void import('./app/router-library')
  .catch(() => undefined)
  .then(() => untilLoaded(() => import('./app/app-root').catch(noteFailure)))
  .then(({ startApp }) => startApp(root));
