/**
 * Tabs of the OS detail: Description (what, where, how much, who), Suivi
 * (the follow-up sheet: the dated history the server writes as automatic
 * messages), Messages (the whole thread, oldest first, with the send box;
 * automatic messages stay in it as system notes, so an inbox entry about one
 * never opens on an empty thread; a message written offline shows at once,
 * marked).
 */
import { useFormik } from 'formik';
import * as yup from 'yup';
import type { OsData, OsMessageDto, UserData } from '../../../sync/index';
import { capitalize, formatDateTime, formatPrice, fullName } from '../../domain/format';
import { sendCommand } from '../../services/commands';
import { FactRow, Facts } from '../../ui/facts';
import { Thread, ThreadForm, type ThreadMessage } from '../../ui/thread';
import type { Doc } from '../../../sync/index';
import { osTexts as t } from './texts';
import { EmptyOrNotYet, useDataTruth, OfflineNotYet } from '../../ui/offline-not-yet';
import type { PullOutcome } from '../../services/store-hooks';

export function DescriptionTab({ os }: { os: OsData }) {
  const d = t.description;
  const c = os.contact;
  const address = c ? [c.address, c.additionalAddress, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null;
  const requester = os.requestedBy ? fullName(capitalize(os.requestedBy.firstName), os.requestedBy.lastName) : null;
  const rows: [string, string | null | undefined][] = [
    [d.information, os.information],
    [d.price, formatPrice(os.price)],
    [d.estate, os.realEstate?.name],
    [d.address, address],
    [d.buildings, os.buildings?.map((b) => b.name).join(', ')],
    [d.area, os.businessArea?.name],
    [d.type, os.requestType?.name],
    [d.provider, os.serviceProviderCompany?.name],
    [d.owner, os.ownerCompany?.name],
    [d.requester, requester],
    [d.createdAt, formatDateTime(os.createdAt)],
  ];
  return (
    <Facts>
      {rows.map(([label, value]) => (
        <FactRow key={label} label={label} valueClassName={label === d.price ? 'os-price' : label === d.information ? 'pre' : undefined}>
          {value || t.dash}
        </FactRow>
      ))}
    </Facts>
  );
}

const automatic = (m: OsMessageDto) => (m.sendBy?.id ?? 0) <= 0;

/** The thread's refresh resource (its events are the thread's automatic messages). */
const threadResource = (osId: string) => `messages:os:${osId}`;

export function HistoryTab({ os, osId, messages, outcome }: { os: OsData; osId: string; messages: readonly Doc<OsMessageDto>[]; outcome?: PullOutcome }) {
  const events = messages.filter((m) => automatic(m.data));
  // Never pulled and unreachable: only the creation is known, and the tab says the rest is not here yet.
  const truth = useDataTruth({ count: messages.length, resource: threadResource(osId), outcome });
  return (
    <>
      {truth === 'not-yet' ? <OfflineNotYet object={`os:${osId}`} /> : null}
      <ol className="os-history">
        {events.length === 0 ? (
          <li className="os-history__item">
            <span className="os-history__date">{formatDateTime(os.createdAt)}</span>
            <span>{t.created}</span>
          </li>
        ) : null}
        {events.map(({ id, data: m }) => (
          <li key={id} className="os-history__item">
            <span className="os-history__date">{formatDateTime(m.date)}</span>
            <span>{m.messageText}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

const messageSchema = yup.object({ text: yup.string().test('filled', t.messageRequired, (v) => Boolean(v?.trim())) });

export function MessagesTab({
  osId,
  messages,
  user,
  outcome,
}: {
  osId: string;
  outcome?: PullOutcome;
  messages: readonly Doc<OsMessageDto & { failed?: boolean }>[];
  user: Pick<UserData, 'id' | 'firstname' | 'name'> | null;
}) {
  const form = useFormik({
    initialValues: { text: '' },
    validationSchema: messageSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ text }, helpers) => {
      if (!user) return;
      helpers.resetForm();
      const author = { id: user.id, firstName: user.firstname, lastName: user.name };
      const sent = await sendCommand('os.message', { tempId: `tmp-${crypto.randomUUID()}`, osId, messageText: text.trim(), author }, { noWait: true });
      if (!sent) await helpers.setFieldValue('text', text);
    },
  });
  const thread: ThreadMessage[] = messages.map(({ id, data: m, pending }) => ({
    id,
    author: automatic(m) ? t.automaticMessage : fullName(capitalize(m.sendBy.firstName), m.sendBy.lastName),
    text: m.messageText,
    when: `${formatDateTime(m.date)}${pending ? ` · ${t.notYetSent}` : m.failed ? ` · ${t.failed}` : ''}`,
    kind: automatic(m) ? 'auto' : m.sendBy?.id === user?.id ? 'mine' : 'other',
  }));
  return (
    <Thread
      messages={thread}
      emptyText={<EmptyOrNotYet count={0} resource={threadResource(osId)} object={`os:${osId}`} outcome={outcome} empty={t.messagesEmpty} />}
    >
      <ThreadForm
        textId="os-message-text"
        label={t.messageLabel}
        placeholder={t.messagePlaceholder}
        sendLabel={t.send}
        value={form.values.text}
        error={form.errors.text}
        onChange={form.handleChange}
        onSubmit={form.handleSubmit}
      />
    </Thread>
  );
}
