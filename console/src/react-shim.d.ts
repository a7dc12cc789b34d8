/**
 * Stand-in types for React 18 until @types/react and @types/react-dom (18.3) are installed: the hooks and
 * event types the console uses, typed; JSX elements accept any attribute, so tsc does not check markup.
 * Delete this file once the real types are in node_modules.
 */
declare module 'react' {
  export type ReactNode = ReactElement | string | number | boolean | null | undefined | ReactNode[];
  export interface ReactElement {
    type: unknown;
    props: unknown;
    key: string | null;
  }
  export type SetState<T> = (value: T | ((previous: T) => T)) => void;
  export function useState<T>(initial: T | (() => T)): [T, SetState<T>];
  export function useState<T = undefined>(): [T | undefined, SetState<T | undefined>];
  export function useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void;
  export function useMemo<T>(factory: () => T, deps: readonly unknown[]): T;
  export function useCallback<T extends (...args: never[]) => unknown>(callback: T, deps: readonly unknown[]): T;
  export function useRef<T>(initial: T): { current: T };
  export function useRef<T>(initial: T | null): { current: T | null };
  export interface SyntheticEvent<T = Element> {
    target: T & { value: string };
    currentTarget: T;
    preventDefault(): void;
  }
  export interface MouseEvent<T = Element> extends SyntheticEvent<T> {
    button: number;
    metaKey: boolean;
    ctrlKey: boolean;
    shiftKey: boolean;
    altKey: boolean;
  }
  export type FormEvent<T = Element> = SyntheticEvent<T>;
  export type ChangeEvent<T = Element> = SyntheticEvent<T>;
  export const Fragment: unique symbol;
}

declare module 'react/jsx-runtime' {
  export function jsx(type: unknown, props: unknown, key?: unknown): import('react').ReactElement;
  export function jsxs(type: unknown, props: unknown, key?: unknown): import('react').ReactElement;
  export const Fragment: unique symbol;
}

declare module 'react-dom/client' {
  export function createRoot(container: Element): { render(node: import('react').ReactNode): void; unmount(): void };
}

declare namespace JSX {
  type Element = import('react').ReactElement;
  interface ElementChildrenAttribute {
    children: unknown;
  }
  interface IntrinsicAttributes {
    key?: string | number | null;
  }
  interface IntrinsicElements {
    [element: string]: {
      onChange?: (event: import('react').ChangeEvent<HTMLInputElement>) => void;
      onSubmit?: (event: import('react').FormEvent<HTMLFormElement>) => void;
      onClick?: (event: import('react').MouseEvent<HTMLElement>) => void;
      [attribute: string]: unknown;
    };
  }
}
