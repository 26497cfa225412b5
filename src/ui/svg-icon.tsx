/**
 * The drawing of every icon (icons.tsx names them). The close cross is here
 * too: the toasts, always on screen, use it without bringing the whole icon
 * set into the login screen's JavaScript (issue 14's budget).
 */
import type { SVGProps } from 'react';

export const CLOSE_PATH = 'M6 6l12 12M18 6 6 18';

export function SvgIcon({ d, size = 22, ...rest }: { d: string; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}
