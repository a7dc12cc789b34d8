import { useState, type FormEvent } from 'react';
import { knownTokens, switchToken, workspaceOf } from './token-store';

/** The form to paste a token; `message` says why one is asked for again (a refused token, a sign-out). */
export function SignInPage({ message, onSignIn }: { message?: string; onSignIn(token: string): void }) {
  const [token, setToken] = useState('');
  const others = knownTokens();
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
        <textarea
          id="token"
          name="token"
          rows={4}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
          aria-describedby="token-hint"
        />
        <p id="token-hint" className="hint">
          The token printed by <code>npm start</code>, or made with <code>npm run token</code>. It is kept in this browser session&apos;s
          tabs only, never in a link or a cookie.
        </p>
        <button type="submit">Sign in</button>
      </form>
      {others.length > 0 ? (
        <section aria-labelledby="known-heading">
          <h2 id="known-heading">Or go back to a workspace</h2>
          <ul className="known-workspaces">
            {others.map((known) => (
              <li key={known}>
                <button type="button" onClick={() => switchToken(known)}>
                  {workspaceOf(known)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
