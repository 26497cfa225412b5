/** The frame of the guest screens: brand header, a centred card, a footer. */
import type { ReactNode } from 'react';
import { fr } from '../../i18n/fr';

export function GuestLayout({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="guest" id="main">
      <div className="guest__brand" aria-hidden="true">
        <img src="/icons/icon-192.png" alt="" width={56} height={56} />
        <span>{fr.appName}</span>
      </div>
      <section className="guest__card" aria-labelledby="guest-title">
        <h1 id="guest-title">{title}</h1>
        {intro ? <p className="guest__intro">{intro}</p> : null}
        {children}
      </section>
      {footer ? <footer className="guest__footer">{footer}</footer> : null}
    </main>
  );
}
