/**
 * "Install the app" where the browser offers it: the beforeinstallprompt event
 * is kept so the header menu can offer installation when the user wants it,
 * instead of a banner over their work.
 */
import { proxy, ref } from 'valtio';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

export const install = proxy<{ event: InstallPromptEvent | null }>({ event: null });

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    install.event = ref(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    install.event = null;
  });
}

export async function promptInstall(): Promise<void> {
  const event = install.event;
  install.event = null;
  await event?.prompt();
}
