import { useCallback, useEffect, useMemo, useState } from 'react';
import { Provider } from 'urql';
import { EntriesPage } from './entries-page';
import { EntryPage } from './entry-page';
import { consoleClient } from './graphql-client';
import { ConsoleLink } from './console-link';
import { CreatePage } from './create-page';
import { listPath, newEntryPath, useRoute } from './router';
import { SignInPage } from './sign-in-page';
import { forgetToken, readToken, saveToken } from './token-store';

/** The console: the sign-in form until there is a token, then the page of the address. */
export function App() {
  const [token, setToken] = useState(readToken);
  const [message, setMessage] = useState<string>();
  const signOut = useCallback((why?: string) => {
    forgetToken();
    setToken(null);
    setMessage(why);
  }, []);
  const connection = useMemo(() => (token ? consoleClient(token, () => signOut('The service refused the token (expired or not valid): sign in again.')) : null), [token, signOut]);
  useEffect(() => () => connection?.close(), [connection]);
  const route = useRoute();

  if (!token || !connection) {
    return (
      <SignInPage
        message={message}
        onSignIn={(pasted) => {
          saveToken(pasted);
          setMessage(undefined);
          setToken(pasted);
        }}
      />
    );
  }
  return (
    <Provider value={connection.client}>
      <a className="skip" href="#main">
        Skip to the content
      </a>
      <header className="top">
        <nav aria-label="Console">
          <ConsoleLink to={listPath()}>Entries</ConsoleLink> <ConsoleLink to={newEntryPath()}>New entry</ConsoleLink>
        </nav>
        <button type="button" onClick={() => signOut('Signed out.')}>
          Sign out
        </button>
      </header>
      {route.page === 'entry' ? <EntryPage key={route.id} id={route.id} /> : route.page === 'new' ? <CreatePage /> : <EntriesPage />}
    </Provider>
  );
}
