/**
 * The Messages tab: the thread oldest first, automatic messages (sendBy.id ≤ 0)
 * shown apart as notices, the user's own on the right, and the send box. A
 * message written offline shows at once, marked until it is sent.
 */
import { useState, type FormEvent } from 'react';
import type { MessageDto, UserData } from '../../../sync/index';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { sendCommand } from '../../services/commands';
import { Button } from '../../ui/controls';
import type { Doc } from './use-intervention';

export function MessagesTab({ interventionId, messages, user }: { interventionId: string; messages: readonly Doc<MessageDto>[]; user: Pick<UserData, 'id' | 'firstname' | 'name'> | null }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const messageText = text.trim();
    if (!messageText) return setError('Écrivez un message avant de l’envoyer.');
    if (!user) return;
    setError(null);
    setText('');
    const sent = await sendCommand(
      'intervention.message',
      { tempId: `tmp-${crypto.randomUUID()}`, interventionId, messageText, author: { id: user.id, firstName: user.firstname, lastName: user.name } },
      { noWait: true },
    );
    if (!sent) setText(messageText);
  };
  return (
    <div className="thread">
      {messages.length === 0 ? <p className="muted">Aucun message pour le moment.</p> : null}
      <ol className="thread__list">
        {messages.map(({ id, data: m, pending }) => {
          const automatic = (m.sendBy?.id ?? 0) <= 0;
          const mine = !automatic && m.sendBy?.id === user?.id;
          return (
            <li key={id} className={`msg${automatic ? ' msg--auto' : mine ? ' msg--mine' : ''}`}>
              {automatic ? null : <span className="msg__author">{fullName(capitalize(m.sendBy.firstName), m.sendBy.lastName)}</span>}
              <p className="msg__text">{m.messageText}</p>
              <span className="msg__date">
                {formatDateTime(m.date)}
                {pending ? ' · en attente d’envoi' : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <form className="thread__form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="message-text" className="sr-only">
          Votre message
        </label>
        <textarea id="message-text" rows={2} value={text} placeholder="Votre message…" onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'message-error' : undefined} />
        <Button type="submit">Envoyer</Button>
        {error ? (
          <p id="message-error" className="field__error">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
