import { Component, type ErrorInfo, type ReactNode } from 'react';
import { create } from 'zustand';
import { ErrorOverlay, type RuntimeErrorInfo } from '../components/error-overlay.tsx';

/**
 * unhandled runtime errors show a closable overlay with title, message and stack.
 * Three sources feed it: window `error`, `unhandledrejection`, and React error boundaries.
 */
interface RuntimeErrorState {
  error: RuntimeErrorInfo | null;
  report: (error: unknown, title?: string) => void;
  close: () => void;
}

export function describeError(error: unknown, title = 'Uncaught Error'): RuntimeErrorInfo {
  if (error instanceof Error) return { title: `${title}: ${error.name}`, message: error.message, stack: error.stack };
  return { title, message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
}

export const useRuntimeError = create<RuntimeErrorState>((set) => ({
  error: null,
  report: (error, title) => set({ error: describeError(error, title) }),
  close: () => set({ error: null }),
}));

/** Installs the window listeners; returns the uninstaller. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load errors (a broken <img>) are not runtime errors.
    if (!event.error && !event.message) return;
    useRuntimeError.getState().report(event.error ?? event.message, 'Uncaught Error');
  };
  const onRejection = (event: PromiseRejectionEvent) => useRuntimeError.getState().report(event.reason, 'Unhandled Promise Rejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

export function RuntimeErrorOverlay() {
  const error = useRuntimeError((s) => s.error);
  const close = useRuntimeError((s) => s.close);
  return error ? <ErrorOverlay error={error} onClose={close} /> : null;
}

/** The outermost boundary: an error outside any route still reaches the overlay. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    useRuntimeError
      .getState()
      .report(Object.assign(error, { stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}` }), 'Render Error');
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
