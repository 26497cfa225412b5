/**
 * /login: e-mail and password, the dedicated-server option, forgotten
 * password and contact links, the app version. A failed login shows
 * 'Identifiants invalides' and clears the token; no network shows
 * 'Aucune connexion internet' (a browser app cannot exit as the mobile one does).
 */
import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useFormik } from 'formik';
import { APP_VERSION, HIDE_BOARDING_KEY, isApiFailure, isValidServerUrl, readServerUrl, writeServerUrl } from '../../../sync/index';
import { fr } from '../../i18n/fr';
import { safeRedirect } from '../../domain/access';
import { session, storage } from '../../services/session';
import { Alert, Button, TextField } from '../../ui/controls';
import { GuestLayout } from './guest-layout';

const loginToolsEnabled = import.meta.env.VITE_LOGIN_TOOLS !== '0';

export function LoginPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const initialServer = readServerUrl(storage);
  const [showServer, setShowServer] = useState(initialServer !== '');
  const [failure, setFailure] = useState<string | null>(null);

  const form = useFormik({
    initialValues: { email: '', password: '', serverUrl: initialServer },
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (v.email.trim() === '') errors.email = fr.fieldRequired;
      if (v.password === '') errors.password = fr.fieldRequired;
      if (showServer && v.serverUrl.trim() !== '' && !isValidServerUrl(v.serverUrl)) errors.serverUrl = fr.serverUrlInvalid;
      return errors;
    },
    onSubmit: async (v) => {
      setFailure(null);
      writeServerUrl(storage, showServer ? v.serverUrl : '');
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        setFailure(fr.noNetwork);
        return;
      }
      try {
        await session.login(v.email.trim(), v.password);
        storage.removeItem(HIDE_BOARDING_KEY);
        await navigate({ ...safeRedirect(search.redirect), replace: true });
      } catch (error) {
        const offline = isApiFailure(error) && (error.kind === 'network' || error.kind === 'timeout');
        setFailure(offline ? fr.noNetwork : fr.invalidParameters);
      }
    },
  });

  return (
    <GuestLayout
      title={fr.loginTitle}
      intro={fr.loginIntro}
      footer={
        <>
          {loginToolsEnabled ? <Link to="/contact">{fr.contactLink}</Link> : null}
          <span className="muted">{fr.version(APP_VERSION)}</span>
        </>
      }
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <TextField label={fr.email} name="email" type="email" autoComplete="username" inputMode="email" value={form.values.email} onChange={form.handleChange} error={form.touched.email ? form.errors.email : undefined} />
        <TextField label={fr.password} name="password" type="password" autoComplete="current-password" value={form.values.password} onChange={form.handleChange} error={form.touched.password ? form.errors.password : undefined} />
        <p className="right">
          <Link to="/forgotten_password">{fr.forgottenPasswordLink}</Link>
        </p>
        <button type="button" className="link-button" aria-expanded={showServer} aria-controls="server-options" onClick={() => setShowServer((s) => !s)}>
          {showServer ? fr.dedicatedServerHide : fr.dedicatedServerShow}
        </button>
        {showServer ? (
          <div id="server-options">
            <TextField label={fr.serverUrl} name="serverUrl" type="url" inputMode="url" placeholder="https://" hint={fr.serverUrlHint} value={form.values.serverUrl} onChange={form.handleChange} error={form.errors.serverUrl} />
          </div>
        ) : null}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Button type="submit" block disabled={form.isSubmitting}>
          {form.isSubmitting ? fr.connecting : fr.connect}
        </Button>
      </form>
    </GuestLayout>
  );
}
