/**
 * The rating panel, when the request allows it (ratingEnabled): 1 to 5 stars
 * and a message; the server sets the type from the author's side (1 manager
 * about the provider, 0 provider about the manager). Each side rates once.
 */
import { useState } from 'react';
import type { InterventionDetailDto } from '../../../sync/index';
import { sendCommand } from '../../services/commands';
import { Button, TextArea } from '../../ui/controls';

interface RatingLike {
  type?: number;
  globalRate: number;
  message?: string;
  mine?: boolean;
}

export function RatingPanel({ intervention, docId, manager }: { intervention: InterventionDetailDto; docId: string; manager: boolean }) {
  const myType = manager ? 1 : 0;
  const ratings = (intervention.ratings ?? []) as RatingLike[];
  const mine = ratings.find((r) => r.mine || r.type === myType);
  const [rate, setRate] = useState(0);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby="rating-panel">
      <h2 id="rating-panel" className="panel__title">
        {manager ? 'Noter le prestataire' : 'Noter le gestionnaire'}
      </h2>
      {mine ? (
        <p>
          <span className="stars" aria-label={`${mine.globalRate} sur 5`}>
            {'★'.repeat(mine.globalRate)}
            {'☆'.repeat(5 - mine.globalRate)}
          </span>
          {mine.message ? <span className="muted"> « {mine.message} »</span> : null}
        </p>
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (rate < 1) return setError('Choisissez une note de 1 à 5 étoiles.');
            setError(null);
            void sendCommand('intervention.rate', { interventionId: docId, globalRate: rate, message: message.trim() }, { success: 'Merci pour votre note.' });
          }}
        >
          <fieldset className="stars-input">
            <legend className="sr-only">Note sur 5</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={n <= rate ? 'on' : undefined}>
                <input type="radio" name="rate" value={n} checked={rate === n} onChange={() => setRate(n)} className="sr-only" />
                <span aria-hidden="true">★</span>
                <span className="sr-only">{n} étoile{n > 1 ? 's' : ''}</span>
              </label>
            ))}
          </fieldset>
          <TextArea label="Commentaire" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
          {error ? <p className="field__error">{error}</p> : null}
          <Button type="submit">Noter</Button>
        </form>
      )}
    </section>
  );
}
