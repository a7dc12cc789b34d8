import type { MouseEvent, ReactNode } from 'react';
import { navigate } from './router';

/** A real link (it opens in a new tab, and works from the keyboard) that moves within the console without a reload. */
export function ConsoleLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow} className={className}>
      {children}
    </a>
  );
}
