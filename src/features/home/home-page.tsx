/**
 * / (home): a greeting with the capitalised first name, one card per module
 * the user may open and one per AI link, and the onboarding block the user can
 * dismiss (remembered under the hide-boarding flag).
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { HIDE_BOARDING_KEY } from '../../../sync/index';
import { fr } from '../../i18n/fr';
import { homeTexts } from './texts';
import { homeCards, type HomeCard } from '../../domain/access';
import { capitalize } from '../../domain/format';
import { session, storage } from '../../services/session';
import { Icon, type IconName } from '../../ui/icons';

const CARD_TEXT: Record<'echopark' | 'interventions' | 'os' | 'visits', { title: string; text: string; icon: IconName; tone: string }> = {
  echopark: { title: fr.cardEchopark, text: homeTexts.cardEchoparkText, icon: 'community', tone: 'teal' },
  interventions: { title: fr.cardInterventions, text: homeTexts.cardInterventionsText, icon: 'wrench', tone: 'orange' },
  os: { title: fr.cardOs, text: homeTexts.cardOsText, icon: 'os', tone: 'blue' },
  visits: { title: fr.cardVisits, text: homeTexts.cardVisitsText, icon: 'visit', tone: 'green' },
};

export function HomePage() {
  const { user } = useSnapshot(session.state);
  const [boardingHidden, setBoardingHidden] = useState(() => storage.getItem(HIDE_BOARDING_KEY) === '1');
  if (!user) return null;
  const cards = homeCards(user.roles, user.iaLinks);
  const hideBoarding = () => {
    storage.setItem(HIDE_BOARDING_KEY, '1');
    setBoardingHidden(true);
  };
  return (
    <div className="page">
      <h1 className="greeting">{homeTexts.hello(capitalize(user.firstname))}</h1>
      <p className="muted">{homeTexts.homeIntro}</p>
      {!boardingHidden ? (
        <section className="onboarding" aria-labelledby="onboarding-title">
          <div>
            <h2 id="onboarding-title">{homeTexts.onboardingBlockTitle}</h2>
            <p>{homeTexts.onboardingBlockText}</p>
            {/* /boarding is for guests (spec part 1 §2): a signed-in user reads the steps here. */}
            <details>
              <summary className="btn btn--secondary">{homeTexts.onboardingBlockCta}</summary>
              <ol>
                {fr.boardingSteps.map((step) => (
                  <li key={step.title}>
                    <strong>{step.title}</strong> — {step.text}
                  </li>
                ))}
              </ol>
            </details>
          </div>
          <button type="button" className="icon-button" aria-label={homeTexts.dismiss} onClick={hideBoarding}>
            <Icon name="close" />
          </button>
        </section>
      ) : null}
      <ul className="cards" aria-label={homeTexts.homeIntro}>
        {cards.map((card) => (
          <li key={card.key}>{renderCard(card, user.iaLinks)}</li>
        ))}
      </ul>
    </div>
  );
}

function renderCard(card: HomeCard, iaLinks: readonly { name: string; url: string }[]) {
  if (card.external) {
    const link = iaLinks[Number(card.key.slice(3))]!;
    return (
      <a className="card card--violet" href={card.to} target="_blank" rel="noopener noreferrer">
        <span className="card__icon">
          <Icon name="spark" />
        </span>
        <span className="card__title">{link.name}</span>
        <span className="card__text">{homeTexts.cardAi}</span>
      </a>
    );
  }
  const meta = CARD_TEXT[card.key as keyof typeof CARD_TEXT];
  return (
    <Link className={`card card--${meta.tone}`} to={card.to}>
      <span className="card__icon">
        <Icon name={meta.icon} />
      </span>
      <span className="card__title">{meta.title}</span>
      <span className="card__text">{meta.text}</span>
    </Link>
  );
}
