import { useState, type FormEvent } from 'react';

/** The form to paste a token; `message` says why one is asked for again (a refused token, a sign-out). */
export function SignInPage({ message, onSignIn }: { message?: string; onSignIn(token: string): void }) {
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) onSignIn(token.trim());
  };
  return (
    <main id="main" className="sign-in">
      <h1>Sign in to the entries console</h1>
      {message ? (
        <p role="alert" className="notice">
          {message}
        </p>
      ) : null}
      <form onSubmit={submit}>
        <label htmlFor="token">Token</label>
        <textarea id="token" name="token" rows={4} value={token} onChange={(event) => setToken(event.target.value)} autoComplete="off" spellCheck={false} required aria-describedby="token-hint" />
        <p id="token-hint" className="hint">
          The token printed by <code>npm start</code>, or made with <code>npm run token</code>. It is kept in this tab only.
        </p>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
