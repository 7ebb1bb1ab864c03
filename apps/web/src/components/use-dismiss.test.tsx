import { useRef, useState, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDismiss, type DismissOptions, type DismissReason } from './use-dismiss.ts';

/** A layer that says why it closed and disappears. */
function Layer({ name, log, options, children }: { name: string; log: string[]; options?: DismissOptions; children?: ReactNode }) {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(
    ref,
    (reason: DismissReason) => {
      log.push(`${name}:${reason}`);
      setOpen(false);
    },
    { ...options, enabled: open && options?.enabled !== false },
  );
  if (!open) return null;
  return (
    <div ref={ref} data-testid={name}>
      <button type="button">{name} 里的按钮</button>
      {children}
    </div>
  );
}

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
const isOpen = (name: string) => screen.queryByTestId(name) !== null;

afterEach(() => vi.restoreAllMocks());

describe('useDismiss', () => {
  it('closes on Escape, and on a pointer-down outside but not inside', () => {
    const log: string[] = [];
    const { unmount } = render(
      <>
        <p data-testid="page">页面</p>
        <Layer name="menu" log={log} />
      </>,
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'menu 里的按钮' }));
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(isOpen('menu')).toBe(true);
    fireEvent.pointerDown(screen.getByTestId('page'));
    expect(isOpen('menu')).toBe(false);
    unmount();

    render(<Layer name="panel" log={log} />);
    escape();
    expect(isOpen('panel')).toBe(false);
    expect(log).toEqual(['menu:outside', 'panel:escape']);
  });

  it('a key pressed while composing text, or one a control already handled, closes nothing', () => {
    const log: string[] = [];
    render(<Layer name="menu" log={log} />);
    fireEvent.keyDown(document.body, { key: 'Escape', isComposing: true });
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    act(() => void document.body.dispatchEvent(handled));
    expect(isOpen('menu')).toBe(true);
    expect(log).toEqual([]);
  });

  it('nested layers: Escape closes the innermost first, then the next', () => {
    const log: string[] = [];
    render(
      <Layer name="panel" log={log}>
        <Layer name="menu" log={log} />
      </Layer>,
    );
    escape();
    expect([isOpen('panel'), isOpen('menu')]).toEqual([true, false]);
    escape();
    expect(isOpen('panel')).toBe(false);
    expect(log).toEqual(['menu:escape', 'panel:escape']);
  });

  it('a layer opened later is inner even when it is not inside the other', () => {
    const log: string[] = [];
    function Two() {
      const [second, setSecond] = useState(false);
      return (
        <>
          <Layer name="effects" log={log} />
          <button type="button" onClick={() => setSecond(true)}>
            打开
          </button>
          {second ? <Layer name="menu" log={log} /> : null}
        </>
      );
    }
    render(<Two />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    escape();
    expect([isOpen('effects'), isOpen('menu')]).toEqual([true, false]);
  });

  it('a pointer-down inside a layer closes the ones over it, not the ones under it; outside all closes all', () => {
    const log: string[] = [];
    const { unmount } = render(
      <>
        <p data-testid="page">页面</p>
        <Layer name="effects" log={log} />
        <Layer name="panel" log={log} />
        <Layer name="menu" log={log} />
      </>,
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'panel 里的按钮' }));
    expect([isOpen('effects'), isOpen('panel'), isOpen('menu')]).toEqual([true, true, false]);
    unmount();

    render(
      <>
        <p data-testid="page">页面</p>
        <Layer name="panel" log={log} />
        <Layer name="menu" log={log} />
      </>,
    );
    fireEvent.pointerDown(screen.getByTestId('page'));
    expect([isOpen('panel'), isOpen('menu')]).toEqual([false, false]);
    expect(log).toEqual(['menu:outside', 'menu:outside', 'panel:outside']);
  });

  it('outside: false stays open on clicks elsewhere but still takes Escape; a modal layer shields the ones under it', () => {
    const log: string[] = [];
    render(
      <>
        <p data-testid="page">页面</p>
        <Layer name="queue" log={log} options={{ outside: false }} />
        <Layer name="dialog" log={log} options={{ outside: false, modal: true }} />
      </>,
    );
    fireEvent.pointerDown(screen.getByTestId('page'));
    expect([isOpen('queue'), isOpen('dialog')]).toEqual([true, true]);
    escape();
    expect([isOpen('queue'), isOpen('dialog')]).toEqual([true, false]);
    fireEvent.pointerDown(screen.getByTestId('page'));
    expect(isOpen('queue')).toBe(true);
    escape();
    expect(isOpen('queue')).toBe(false);
  });

  it('enabled: false listens to nothing; all open layers share one key and one pointer listener', () => {
    const onWindow = vi.spyOn(window, 'addEventListener');
    const onDocument = vi.spyOn(document, 'addEventListener');
    const offWindow = vi.spyOn(window, 'removeEventListener');
    const log: string[] = [];
    const { unmount } = render(
      <>
        <Layer name="closed" log={log} options={{ enabled: false }} />
        <Layer name="a" log={log} />
        <Layer name="b" log={log} />
        <Layer name="c" log={log} />
      </>,
    );
    expect(onWindow.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    expect(onDocument.mock.calls.filter(([type]) => type === 'pointerdown')).toHaveLength(1);
    escape();
    escape();
    escape();
    expect(log).toEqual(['c:escape', 'b:escape', 'a:escape']);
    expect(isOpen('closed')).toBe(true);
    expect(offWindow.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    unmount();
  });
});
