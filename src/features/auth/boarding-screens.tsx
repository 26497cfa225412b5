/** /boarding (3 steps, dots, Next, Begin → /) and /first-connect-infos (Validate → /). */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { fr } from '../../i18n/fr';
import { guestTexts } from './texts';
import { Button } from '../../ui/controls';
import { GuestLayout } from './guest-layout';

export function BoardingPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const steps = fr.boardingSteps;
  const current = steps[step]!;
  const last = step === steps.length - 1;
  return (
    <GuestLayout title={current.title}>
      <p className="boarding__text" aria-live="polite">
        {current.text}
      </p>
      <div className="dots" role="img" aria-label={fr.stepOf(step + 1, steps.length)}>
        {steps.map((s, i) => (
          <span key={s.title} className={`dot${i === step ? ' dot--active' : ''}`} />
        ))}
      </div>
      {last ? (
        <Button block onClick={() => void navigate({ to: '/' })}>
          {guestTexts.begin}
        </Button>
      ) : (
        <Button block onClick={() => setStep(step + 1)}>
          {fr.next}
        </Button>
      )}
    </GuestLayout>
  );
}

export function FirstConnectPage() {
  const navigate = useNavigate();
  return (
    <GuestLayout title={fr.firstConnectTitle}>
      <p className="boarding__text">{guestTexts.firstConnectText}</p>
      <Button block onClick={() => void navigate({ to: '/' })}>
        {guestTexts.validate}
      </Button>
    </GuestLayout>
  );
}
