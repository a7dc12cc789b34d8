import { useEffect, useState } from 'react';
import { addWorkspace, knownTokens, onSessionChange, readToken, switchToken, workspaceOf } from './token-store';

const ADD = '\u0000add';

/** The workspaces of the tokens pasted in this browser session: one to switch to, or another to add. */
export function WorkspaceSwitcher() {
  const [tokens, setTokens] = useState(knownTokens);
  useEffect(() => onSessionChange(() => setTokens(knownTokens())), []);
  const current = readToken() ?? '';
  return (
    <div className="field workspace-switcher">
      <label htmlFor="workspace">Workspace</label>
      <select
        id="workspace"
        value={current}
        onChange={(event) => (event.target.value === ADD ? addWorkspace() : switchToken(event.target.value))}
      >
        {tokens.map((token) => (
          <option key={token} value={token}>
            {workspaceOf(token)}
          </option>
        ))}
        <option value={ADD}>Add a workspace…</option>
      </select>
    </div>
  );
}
