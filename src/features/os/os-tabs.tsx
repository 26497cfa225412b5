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
import { Button } from '../../ui/controls';
import type { Doc } from '../../../sync/index';
import { osTexts as t } from './texts';

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
    <dl className="os-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="os-facts__row">
          <dt>{label}</dt>
          <dd className={label === d.price ? 'os-price' : label === d.information ? 'os-pre' : undefined}>{value || t.dash}</dd>
        </div>
      ))}
    </dl>
  );
}

const automatic = (m: OsMessageDto) => (m.sendBy?.id ?? 0) <= 0;

export function HistoryTab({ os, messages }: { os: OsData; messages: readonly Doc<OsMessageDto>[] }) {
  const events = messages.filter((m) => automatic(m.data));
  return (
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
  );
}

const messageSchema = yup.object({ text: yup.string().test('filled', t.messageRequired, (v) => Boolean(v?.trim())) });

export function MessagesTab({
  osId,
  messages,
  user,
}: {
  osId: string;
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
  return (
    <div className="os-thread">
      {messages.length === 0 ? <p className="muted">{t.messagesEmpty}</p> : null}
      <ol className="os-thread__list">
        {messages.map(({ id, data: m, pending }) => (
          <li key={id} className={`os-msg${automatic(m) ? ' os-msg--auto' : m.sendBy?.id === user?.id ? ' os-msg--mine' : ''}`}>
            <span className="os-msg__author">{automatic(m) ? t.automaticMessage : fullName(capitalize(m.sendBy.firstName), m.sendBy.lastName)}</span>
            <p className="os-msg__text">{m.messageText}</p>
            <span className="os-msg__date">
              {formatDateTime(m.date)}
              {pending ? ` · ${t.notYetSent}` : m.failed ? ` · ${t.failed}` : ''}
            </span>
          </li>
        ))}
      </ol>
      <form className="os-thread__form" onSubmit={form.handleSubmit} noValidate>
        <label htmlFor="os-message-text" className="sr-only">
          {t.messageLabel}
        </label>
        <textarea
          id="os-message-text"
          name="text"
          rows={2}
          value={form.values.text}
          placeholder={t.messagePlaceholder}
          onChange={form.handleChange}
          aria-invalid={form.errors.text ? true : undefined}
          aria-describedby={form.errors.text ? 'os-message-error' : undefined}
        />
        <Button type="submit">{t.send}</Button>
        {form.errors.text ? (
          <p id="os-message-error" className="field__error">
            {form.errors.text}
          </p>
        ) : null}
      </form>
    </div>
  );
}
