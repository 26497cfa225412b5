/** Entry point: React's DOM and the styles, then the app (app/app-root.tsx) in a task of its own. */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { untilLoaded } from './app/shell/lazy-retried';
import './app/styles.css';
import './ui/shared.css';
import './ui/kit-styles';
import './services/install';

const root = createRoot(document.getElementById('root')!);
// The route tree, the shell and the session are evaluated after React's DOM, in a task of their own:
// all in the entry, they made one task of 60-80 ms at 4× CPU slowdown at every page load (issue 22).
// The HTML preloads the app's chunk (vite.config.ts), so a first visit does not wait a round trip
// more; if the network goes in between, it is fetched again when it comes back.
void untilLoaded(() => import('./app/app-root')).then(({ AppRoot }) =>
  // The first render in a transition: React draws the shell and the first screen in slices, giving the
  // browser its turn between them, instead of one long task at page load (Lighthouse's blocking time).
  startTransition(() => root.render(<AppRoot />)),
);
