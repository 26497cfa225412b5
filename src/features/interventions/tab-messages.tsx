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
import { Thread, ThreadForm, type ThreadMessage } from '../../ui/thread';
import { focusField } from './form-focus';
import { messageSchema, type MessageValues } from './forms';
import { interventionTexts as t } from './texts';
import type { Doc } from './use-intervention';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import type { PullOutcome } from '../../services/store-hooks';

const TEXT_ID = 'message-text';

export function MessagesTab({
  interventionId,
  messages,
  user,
  outcome,
}: {
  interventionId: string;
  outcome?: PullOutcome;
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
  const thread: ThreadMessage[] = messages.map(({ id, data: m, pending }) => {
    const automatic = (m.sendBy?.id ?? 0) <= 0;
    return {
      id,
      author: automatic ? undefined : fullName(capitalize(m.sendBy.firstName), m.sendBy.lastName),
      text: m.messageText,
      when: `${formatDateTime(m.date)}${pending ? t.pendingSuffix : ''}`,
      kind: automatic ? 'auto' : m.sendBy?.id === user?.id ? 'mine' : 'other',
    };
  });
  return (
    <Thread
      messages={thread}
      emptyText={
        <EmptyOrNotYet
          count={0}
          resource={`messages:intervention:${interventionId}`}
          object={`intervention:${interventionId}`}
          outcome={outcome}
          empty={t.noMessage}
        />
      }
    >
      <ThreadForm
        textId={TEXT_ID}
        label={t.messageLabel}
        placeholder={t.messagePlaceholder}
        sendLabel={t.send}
        value={form.values.text}
        error={error}
        onChange={form.handleChange}
        onSubmit={(e) => {
          e.preventDefault();
          void form.validateForm().then(async (errors) => {
            await form.submitForm();
            if (errors.text) focusField(TEXT_ID);
          });
        }}
      />
    </Thread>
  );
}
