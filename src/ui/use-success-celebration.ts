/**
 * The success screen of the creation tunnels (spec part 1 §2: confetti for 2 s, then the list after
 * 4 s), shared by the intervention and OS tunnels. Confetti is drawn on the page, not in a worker:
 * canvas-confetti's default instance builds its worker from a blob: URL, which the content security
 * policy (worker-src 'self') refuses, a console error on every success screen.
 */
import { useEffect, useRef } from 'react';

export const CONFETTI_MS = 2000;
export const REDIRECT_MS = 4000;

export function useSuccessCelebration(onDone: () => void): void {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let stop = false;
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      void import('canvas-confetti').then(({ default: library }) => {
        const confetti = library.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
        const end = Date.now() + CONFETTI_MS;
        const frame = () => {
          if (stop || Date.now() > end) return;
          void confetti({ particleCount: 6, spread: 70, origin: { y: 0.6 }, disableForReducedMotion: true });
          requestAnimationFrame(frame);
        };
        frame();
      });
    }
    const timer = setTimeout(() => done.current(), REDIRECT_MS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, []);
}
