import { createRoot } from 'react-dom/client';
import { App } from './app';
import { joinSession, takeTokenFromFragment } from './token-store';
import './console.css';

// Before anything renders or is requested: the token leaves the address bar and history at once.
takeTokenFromFragment();
// A tab opened from another (Ctrl+click) takes the session's tokens from the open tabs before its first page.
void joinSession().finally(() => createRoot(document.getElementById('root')!).render(<App />));
