/**
 * Toast notifications: top-right, 5000 ms (spec part 2 §9). A valtio list the
 * shell renders; anyone may push.
 */
import { proxy } from 'valtio';

export const TOAST_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  text: string;
  tone: 'success' | 'error' | 'warning' | 'info';
}

/**
 * `top`: where the toasts start, in px from the top of the viewport, when a screen has its own sticky bar
 * in place of the top bar (the visit's toolbar); null: just under the top bar.
 */
export const toasts = proxy<{ items: Toast[]; top: number | null }>({ items: [], top: null });
let nextId = 1;

export function showToast(toast: Omit<Toast, 'id'>): void {
  const id = nextId++;
  toasts.items.push({ ...toast, id });
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  const index = toasts.items.findIndex((t) => t.id === id);
  if (index >= 0) toasts.items.splice(index, 1);
}
