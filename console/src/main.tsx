import { createRoot } from 'react-dom/client';
import { App } from './app';
import { takeTokenFromFragment } from './token-store';
import './console.css';

// Before anything renders or is requested: the token leaves the address bar and history at once.
takeTokenFromFragment();
createRoot(document.getElementById('root')!).render(<App />);
