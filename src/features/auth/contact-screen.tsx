/**
 * /contact: the visitors' contact and account-request form (spec part 2 §3.3,
 * §5): every field but the message is required, e-mail well-formed, phone
 * digits only; a reply is promised within 48 h. Nothing typed is lost on a
 * failure: the values stay in the form.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useFormik } from 'formik';
import { fr } from '../../i18n/fr';
import { guestTexts } from './texts';
import { formMessage, validateContact, type ContactValues } from '../../domain/validation';
import { session } from '../../services/session';
import { failureText } from '../../services/errors';
import { Alert, Button, TextArea, TextField } from '../../ui/controls';
import { GuestLayout } from './guest-layout';

const empty: ContactValues = { firstname: '', lastname: '', email: '', gsm: '', company: '', real_estate: '', message: '' };

export function ContactPage() {
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useFormik({
    initialValues: empty,
    validateOnChange: false,
    validate: validateContact,
    onSubmit: async (values, helpers) => {
      setStatus(null);
      if (!navigator.onLine) {
        setStatus({ tone: 'error', text: fr.noNetwork });
        return;
      }
      try {
        await session.sendContactForm({ ...values, message: values.message.trim() });
        setStatus({ tone: 'success', text: fr.successSendContactForm });
        helpers.resetForm();
      } catch (error) {
        setStatus({ tone: 'error', text: failureText(error) });
      }
    },
  });
  const errorOf = (key: keyof ContactValues) => form.errors[key];
  const summary = form.submitCount > 0 ? formMessage(form.errors) : null;
  const field = (key: keyof ContactValues, label: string, extra: Record<string, string> = {}) => (
    <TextField label={label} name={key} value={form.values[key]} onChange={form.handleChange} error={errorOf(key)} {...extra} />
  );
  return (
    <GuestLayout title={fr.contactTitle} intro={guestTexts.contactIntro} footer={<Link to="/login">{fr.backToLogin}</Link>}>
      <form onSubmit={form.handleSubmit} noValidate>
        <div className="grid-2">
          {field('firstname', fr.firstname, { autoComplete: 'given-name' })}
          {field('lastname', fr.lastname, { autoComplete: 'family-name' })}
        </div>
        {field('email', fr.email, { type: 'email', autoComplete: 'email' })}
        {field('gsm', fr.gsm, { type: 'tel', inputMode: 'numeric', autoComplete: 'tel' })}
        {field('company', guestTexts.company, { autoComplete: 'organization' })}
        {field('real_estate', guestTexts.realEstate)}
        <TextArea label={`${guestTexts.message} ${guestTexts.optional}`} name="message" rows={4} value={form.values.message} onChange={form.handleChange} />
        {summary ? <Alert tone="error">{summary}</Alert> : null}
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        <Button type="submit" block disabled={form.isSubmitting}>
          {form.isSubmitting ? fr.sending : fr.send}
        </Button>
      </form>
    </GuestLayout>
  );
}
