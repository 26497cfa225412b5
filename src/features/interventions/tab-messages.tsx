/**
 * The Messages tab: the thread oldest first, automatic messages (sendBy.id ≤ 0)
 * shown apart as notices, the user's own on the right, and the send box
 * (formik, the yup schema of forms.ts: a message must have words). A message
 * written offline shows at once, marked until it is sent.
 */
import { useFormik } from 'formik';
import type { MessageDto, UserData } from '../../../sync/index';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { sendCommand } from '../../services/commands';
import { Button } from '../../ui/controls';
import { errorId, focusField } from './form-focus';
import { messageSchema, type MessageValues } from './forms';
import { interventionTexts as t } from './texts';
import type { Doc } from './use-intervention';

const TEXT_ID = 'message-text';

export function MessagesTab({
  interventionId,
  messages,
  user,
}: {
  interventionId: string;
  messages: readonly Doc<MessageDto>[];
  user: Pick<UserData, 'id' | 'firstname' | 'name'> | null;
}) {
  const form = useFormik<MessageValues>({
    initialValues: { text: '' },
    validationSchema: messageSchema,
    onSubmit: async (values, helpers) => {
      if (!user) return;
      const messageText = values.text.trim();
      // The box empties at once (the message shows in the thread, marked); it comes back if nothing could be queued.
      helpers.resetForm();
      const sent = await sendCommand(
        'intervention.message',
        { tempId: `tmp-${crypto.randomUUID()}`, interventionId, messageText, author: { id: user.id, firstName: user.firstname, lastName: user.name } },
        { noWait: true },
      );
      if (!sent) void helpers.setFieldValue('text', messageText, false);
    },
  });
  const error = form.submitCount > 0 ? form.errors.text : undefined;
  return (
    <div className="thread">
      {messages.length === 0 ? <p className="muted">{t.noMessage}</p> : null}
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
                {pending ? t.pendingSuffix : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <form
        className="thread__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.validateForm().then(async (errors) => {
            await form.submitForm();
            if (errors.text) focusField(TEXT_ID);
          });
        }}
      >
        <label htmlFor={TEXT_ID} className="sr-only">
          {t.messageLabel}
        </label>
        <textarea
          id={TEXT_ID}
          name="text"
          rows={2}
          value={form.values.text}
          placeholder={t.messagePlaceholder}
          onChange={form.handleChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(TEXT_ID) : undefined}
        />
        <Button type="submit">{t.send}</Button>
        {error ? (
          <p id={errorId(TEXT_ID)} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
