import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandlers, useRuntimeError } from './error-reporting.tsx';
import { Providers } from './providers.tsx';

let uninstall = () => {};
beforeEach(() => {
  uninstall = installGlobalErrorHandlers();
  useRuntimeError.setState({ error: null });
});
afterEach(() => uninstall());

const mount = (child: ReactNode = <p>ok</p>) => render(<Providers client={new QueryClient()}>{child}</Providers>);

describe('global error overlay', () => {
  it('shows an uncaught error with title, message and stack, and closes', async () => {
    mount();
    const error = new TypeError('x is undefined');
    act(() => void window.dispatchEvent(new ErrorEvent('error', { error, message: error.message })));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Uncaught Error: TypeError');
    expect(dialog.textContent).toContain('x is undefined');
    expect(dialog.querySelector('pre')?.textContent).toContain('TypeError');
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows unhandled promise rejections', async () => {
    mount();
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(event, { reason: new Error('request blew up') });
    act(() => void window.dispatchEvent(event));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('request blew up');
  });

  it('catches render errors through the error boundary', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('render failed');
    };
    mount(<Broken />);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Render Error');
    expect(dialog.textContent).toContain('render failed');
    quiet.mockRestore();
  });
});
