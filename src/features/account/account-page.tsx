/**
 * /mon-compte: first name, last name and phone (digits only); the e-mail is
 * shown read-only and sent back unchanged (spec part 2 §3.3, §5). The change
 * goes through the outbox: it is kept on the device at once and sent when
 * the network allows; the screen says which. Below, « Données hors ligne »
 * (issue 20): what is kept on the device for offline work, with the device
 * storage used by the app.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useFormik } from 'formik';
import { fr } from '../../i18n/fr';
import { accountTexts } from './texts';
import { formMessage, validateAccount } from '../../domain/validation';
import { session } from '../../services/session';
import { refusalOf } from '../../../sync/index';
import { getEngine } from '../../services/engine';
import { failureText } from '../../services/errors';
import { OfflineData } from './offline-data';
import { Alert, Button, TextField } from '../../ui/controls';

export function AccountPage() {
  const { user } = useSnapshot(session.state);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useFormik({
    enableReinitialize: true,
    initialValues: { firstname: user?.firstname ?? '', lastname: user?.name ?? '', gsm: user?.gsm ?? '' },
    validateOnChange: false,
    validate: validateAccount,
    onSubmit: async (values) => {
      setStatus(null);
      if (!user) return;
      try {
        const engine = await getEngine();
        const ids = await engine.account.update({
          userId: user.id,
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          gsm: values.gsm,
          email: user.email,
        });
        const done = await engine.outcome(ids, 4000);
        if (done.outcome === 'sent') setStatus({ tone: 'success', text: fr.successModifyAccount });
        else if (done.outcome === 'pending') setStatus({ tone: 'success', text: fr.savedOnDevice });
        else setStatus({ tone: 'error', text: failureText(refusalOf(done.command)) });
      } catch (error) {
        setStatus({ tone: 'error', text: failureText(error) });
      }
    },
  });
  if (!user) return null;
  const summary = form.submitCount > 0 ? formMessage(form.errors) : null;
  return (
    <div className="page page--narrow">
      <form className="panel" onSubmit={form.handleSubmit} noValidate>
        <TextField
          label={fr.firstname}
          name="firstname"
          autoComplete="given-name"
          value={form.values.firstname}
          onChange={form.handleChange}
          error={form.errors.firstname}
        />
        <TextField
          label={fr.lastname}
          name="lastname"
          autoComplete="family-name"
          value={form.values.lastname}
          onChange={form.handleChange}
          error={form.errors.lastname}
        />
        <TextField label={fr.email} name="email" type="email" value={user.email} readOnly hint={accountTexts.emailReadOnly} />
        <TextField
          label={fr.gsm}
          name="gsm"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={form.values.gsm}
          onChange={form.handleChange}
          error={form.errors.gsm}
        />
        {summary ? <Alert tone="error">{summary}</Alert> : null}
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        <Button type="submit" block disabled={form.isSubmitting}>
          {form.isSubmitting ? accountTexts.saving : accountTexts.save}
        </Button>
      </form>
      <OfflineData />
    </div>
  );
}
