/**
 * The three forgotten-password screens (spec part 1 §2, §5): e-mail, code,
 * new password with confirmation. The e-mail and code travel between the
 * screens in sessionStorage (not in the URL, where the code would stay in the
 * history). Server errors are shown as they come, except a refused code,
 * which reads 'Code non valide' (spec part 2 §8.2). The code and change
 * screens opened without that journey (a bookmark, a reload in another tab)
 * have no e-mail to send: they go back to the e-mail step, which says why.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useFormik } from 'formik';
import { fr } from '../../i18n/fr';
import { guestTexts } from './texts';
import { validateForgottenEmail, validateNewPassword } from '../../domain/validation';
import { session } from '../../services/session';
import { failureText } from '../../services/errors';
import { showToast } from '../../services/toasts';
import { Alert, Button, TextField } from '../../ui/controls';
import { codeRefusalText } from './code-refusal';
import { GuestLayout } from './guest-layout';

const FLOW_KEY = 'bp.forgottenPassword';

function readFlow(): { email: string; code: string } {
  try {
    return { email: '', code: '', ...(JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? '{}') as object) };
  } catch {
    return { email: '', code: '' };
  }
}
const writeFlow = (flow: { email: string; code: string }) => sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));

const backLink = <Link to="/login">{fr.backToLogin}</Link>;

/** Set by a later step sent back for want of an e-mail; the e-mail step says so once. */
let restarted = false;

/** Sends a later step back to the e-mail step when the journey's e-mail (or code) is missing. */
function useRestartWithout(missing: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!missing) return;
    restarted = true;
    void navigate({ to: '/forgotten_password', replace: true });
  }, [missing, navigate]);
}

export function ForgottenPasswordPage() {
  const navigate = useNavigate();
  const [notice] = useState(() => {
    const shown = restarted;
    restarted = false;
    return shown;
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik({
    initialValues: { email: readFlow().email },
    validateOnChange: false,
    validate: (v) => {
      const error = validateForgottenEmail(v.email);
      return error ? { email: error } : {};
    },
    onSubmit: async ({ email }) => {
      setFailure(null);
      try {
        await session.requestPasswordCode(email.trim());
        writeFlow({ email: email.trim(), code: '' });
        await navigate({ to: '/forgotten_password_code' });
      } catch (error) {
        setFailure(failureText(error));
      }
    },
  });
  return (
    <GuestLayout title={fr.forgottenTitle} intro={guestTexts.forgottenIntro} footer={backLink}>
      {notice ? <Alert tone="info">{guestTexts.emailFirst}</Alert> : null}
      <form onSubmit={form.handleSubmit} noValidate>
        <TextField
          label={fr.email}
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={form.handleChange}
          error={form.errors.email}
        />
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Button type="submit" block disabled={form.isSubmitting}>
          {guestTexts.sendCode}
        </Button>
      </form>
    </GuestLayout>
  );
}

export function ForgottenPasswordCodePage() {
  const navigate = useNavigate();
  const { email } = readFlow();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik({
    initialValues: { code: '' },
    validateOnChange: false,
    validate: (v) => (v.code.trim() === '' ? { code: fr.fieldRequired } : {}),
    onSubmit: async ({ code }) => {
      setFailure(null);
      try {
        await session.checkPasswordCode(email, code.trim());
        writeFlow({ email, code: code.trim() });
        await navigate({ to: '/forgotten_password_change' });
      } catch (error) {
        setFailure(codeRefusalText(error) ?? failureText(error));
      }
    },
  });
  useRestartWithout(!email);
  if (!email) return null;
  return (
    <GuestLayout title={fr.codeTitle} intro={email ? guestTexts.codeIntro(email) : undefined} footer={backLink}>
      <form onSubmit={form.handleSubmit} noValidate>
        <TextField
          label={guestTexts.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.values.code}
          onChange={form.handleChange}
          error={form.errors.code}
        />
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Button type="submit" block disabled={form.isSubmitting}>
          {guestTexts.checkCode}
        </Button>
      </form>
    </GuestLayout>
  );
}

export function ForgottenPasswordChangePage() {
  const navigate = useNavigate();
  const { email, code } = readFlow();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik({
    initialValues: { password: '', confirmation: '' },
    validateOnChange: false,
    validate: (v) => validateNewPassword(v.password, v.confirmation),
    onSubmit: async ({ password }) => {
      setFailure(null);
      try {
        await session.changePassword(email, code, password);
        sessionStorage.removeItem(FLOW_KEY);
        showToast({ title: fr.successTitle, text: fr.passwordChanged, tone: 'success' });
        await navigate({ to: '/login' });
      } catch (error) {
        // The code may have expired or been used up between the two screens.
        setFailure(codeRefusalText(error) ?? failureText(error));
      }
    },
  });
  useRestartWithout(!email || !code);
  if (!email || !code) return null;
  return (
    <GuestLayout title={fr.changeTitle} footer={backLink}>
      <form onSubmit={form.handleSubmit} noValidate>
        <TextField
          label={guestTexts.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={form.handleChange}
          error={form.errors.password}
        />
        <TextField
          label={guestTexts.confirmPassword}
          name="confirmation"
          type="password"
          autoComplete="new-password"
          value={form.values.confirmation}
          onChange={form.handleChange}
          error={form.errors.confirmation}
        />
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Button type="submit" block disabled={form.isSubmitting}>
          {guestTexts.changePassword}
        </Button>
      </form>
    </GuestLayout>
  );
}
