/**
 * /login: e-mail and password, the dedicated-server option, forgotten
 * password and contact links, the app version. A failed login shows
 * 'Identifiants invalides' and clears the token; no network shows
 * 'Aucune connexion internet' (a browser app cannot exit as the mobile one does).
 *
 * The one form without formik: it is the first screen, and formik with its
 * lodash share was a tenth of the login screen's JavaScript budget for three
 * fields (issue 14). Same behaviour: required fields said after a submit,
 * the server address checked as it is typed.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { APP_VERSION, HIDE_BOARDING_KEY, isApiFailure, isValidServerUrl, readServerUrl, writeServerUrl } from '../../../sync/index';
import { fr } from '../../i18n/fr';
import { safeRedirect } from '../../domain/access';
import { session, storage } from '../../services/session';
import { Alert, Button, TextField } from '../../ui/controls';
import { GuestLayout } from './guest-layout';

const route = getRouteApi('/login');

const loginToolsEnabled = import.meta.env.VITE_LOGIN_TOOLS !== '0';

export function LoginPage() {
  const navigate = useNavigate();
  const search = route.useSearch();
  const initialServer = readServerUrl(storage);
  const [showServer, setShowServer] = useState(initialServer !== '');
  const [failure, setFailure] = useState<string | null>(null);

  const [values, setValues] = useState({ email: '', password: '', serverUrl: initialServer });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverTyped, setServerTyped] = useState(false);
  const errors = loginErrors(values, showServer);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    if (name === 'serverUrl') setServerTyped(true);
    setValues((v) => ({ ...v, [name]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (submitting || Object.keys(errors).length > 0) return;
    setFailure(null);
    writeServerUrl(storage, showServer ? values.serverUrl : '');
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setFailure(fr.noNetwork);
      return;
    }
    setSubmitting(true);
    try {
      await session.login(values.email.trim(), values.password);
      storage.removeItem(HIDE_BOARDING_KEY);
      await navigate({ ...safeRedirect(search.redirect), replace: true });
    } catch (error) {
      const offline = isApiFailure(error) && (error.kind === 'network' || error.kind === 'timeout');
      setFailure(offline ? fr.noNetwork : fr.invalidParameters);
    } finally {
      setSubmitting(false);
    }
  };

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
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={fr.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={values.email}
          onChange={onChange}
          error={submitted ? errors.email : undefined}
        />
        <TextField
          label={fr.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={onChange}
          error={submitted ? errors.password : undefined}
        />
        <p className="right">
          <Link to="/forgotten_password">{fr.forgottenPasswordLink}</Link>
        </p>
        <button type="button" className="link-button" aria-expanded={showServer} aria-controls="server-options" onClick={() => setShowServer((s) => !s)}>
          {showServer ? fr.dedicatedServerHide : fr.dedicatedServerShow}
        </button>
        {showServer ? (
          <div id="server-options">
            <TextField
              label={fr.serverUrl}
              name="serverUrl"
              type="url"
              inputMode="url"
              placeholder={fr.serverUrlPlaceholder}
              hint={fr.serverUrlHint}
              value={values.serverUrl}
              onChange={onChange}
              error={submitted || serverTyped ? errors.serverUrl : undefined}
            />
          </div>
        ) : null}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Button type="submit" block disabled={submitting}>
          {submitting ? fr.connecting : fr.connect}
        </Button>
      </form>
    </GuestLayout>
  );
}

function loginErrors(
  v: { email: string; password: string; serverUrl: string },
  showServer: boolean,
): Partial<Record<'email' | 'password' | 'serverUrl', string>> {
  const errors: Partial<Record<'email' | 'password' | 'serverUrl', string>> = {};
  if (v.email.trim() === '') errors.email = fr.fieldRequired;
  if (v.password === '') errors.password = fr.fieldRequired;
  if (showServer && v.serverUrl.trim() !== '' && !isValidServerUrl(v.serverUrl)) errors.serverUrl = fr.serverUrlInvalid;
  return errors;
}
