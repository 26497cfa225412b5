/**
 * Lighthouse's floor for a React screen (bench/lighthouse-floor.ts): React's production build drawing a
 * sign-in form alone (a heading, two labelled fields, a button), nothing else loaded, stored or fetched.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 420, margin: '0 auto', padding: 16 }}>
      <h1>Connexion</h1>
      <form onSubmit={(event) => event.preventDefault()} style={{ display: 'grid', gap: 12 }}>
        <label>
          Adresse e-mail <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Mot de passe <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <button type="submit">Se connecter</button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<SignIn />);
