import { useCallback, useEffect, useMemo, useState } from 'react';
import { Provider } from 'urql';
import { EntriesPage } from './entries-page';
import { EntryPage } from './entry-page';
import { consoleClient } from './graphql-client';
import { ConsoleLink } from './console-link';
import { CreatePage } from './create-page';
import { EntryEditPage } from './entry-edit';
import { EventsPage } from './events-page';
import { WebhooksPage } from './webhooks-page';
import { eventsPath, listPath, newEntryPath, seriesListPath, useRoute, webhooksPath, workflowsPath } from './router';
import { SeriesListPage } from './series-list-page';
import { SeriesPage } from './series-page';
import { WorkflowsPage } from './workflows-page';
import { NewWorkflowPage, WorkflowPage } from './workflow-page';
import { SignInPage } from './sign-in-page';
import { forgetToken, onSessionChange, readToken, saveToken } from './token-store';
import { WorkspaceSwitcher } from './workspace-switcher';

/** The console: the sign-in form until there is a token, then the page of the address. */
export function App() {
  const [token, setToken] = useState(readToken);
  // A switch of workspace, a link's token, or a sign-out in another tab.
  useEffect(
    () =>
      onSessionChange((why) => {
        setToken(readToken());
        if (why) setMessage(why);
      }),
    [],
  );
  const [message, setMessage] = useState<string>();
  const signOut = useCallback((why?: string) => {
    forgetToken();
    setToken(null);
    setMessage(why);
  }, []);
  const connection = useMemo(
    () => (token ? consoleClient(token, () => signOut('The service refused the token (expired or not valid): sign in again.')) : null),
    [token, signOut],
  );
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
    // Keyed by the token: a switch of workspace starts every page afresh, nothing of the other one kept.
    <Provider value={connection.client} key={token}>
      <a className="skip" href="#main">
        Skip to the content
      </a>
      <header className="top">
        <nav aria-label="Console">
          <ConsoleLink to={listPath()}>Entries</ConsoleLink> <ConsoleLink to={newEntryPath()}>New entry</ConsoleLink>{' '}
          <ConsoleLink to={eventsPath()}>Events</ConsoleLink> <ConsoleLink to={webhooksPath()}>Webhooks</ConsoleLink>{' '}
          <ConsoleLink to={seriesListPath()}>Series</ConsoleLink> <ConsoleLink to={workflowsPath()}>Workflows</ConsoleLink>
        </nav>
        <WorkspaceSwitcher />
        <button type="button" onClick={() => signOut('Signed out.')}>
          Sign out
        </button>
      </header>
      {route.page === 'entry' ? (
        <EntryPage key={route.id} id={route.id} />
      ) : route.page === 'edit' ? (
        <EntryEditPage key={route.id} id={route.id} />
      ) : route.page === 'new' ? (
        <CreatePage key={window.location.search} />
      ) : route.page === 'events' ? (
        <EventsPage />
      ) : route.page === 'webhooks' ? (
        <WebhooksPage />
      ) : route.page === 'series' ? (
        <SeriesListPage />
      ) : route.page === 'series-one' ? (
        <SeriesPage key={route.id} id={route.id} />
      ) : route.page === 'workflows' ? (
        <WorkflowsPage />
      ) : route.page === 'workflow' ? (
        <WorkflowPage key={route.id} id={route.id} />
      ) : route.page === 'new-workflow' ? (
        <NewWorkflowPage />
      ) : (
        <EntriesPage />
      )}
    </Provider>
  );
}
