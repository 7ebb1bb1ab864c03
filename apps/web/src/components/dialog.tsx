import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import { useDismiss } from './use-dismiss.ts';
import styles from './dialog.module.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** What Tab can reach inside `root`, in order: nothing disabled, hidden or not drawn. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert]') && (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

/** Where the focus goes on opening: a control marked data-autofocus, else the first field, else the dialog itself. */
function initialFocus(dialog: HTMLElement): HTMLElement {
  const reachable = tabbables(dialog);
  return (
    reachable.find((el) => el.hasAttribute('data-autofocus')) ?? reachable.find((el) => el.matches('input, textarea, select')) ?? dialog
  );
}

export interface DialogProps {
  /** names the dialog (aria-labelledby) and heads it */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** the buttons under the body, at its end */
  footer?: ReactNode;
  testId?: string;
  width?: number;
  /** a press on the dim backdrop closes it (the default); false where a stray click would lose work */
  closeOnBackdrop?: boolean;
  /** false while work is under way: Escape, the backdrop and 关闭 do nothing, and 关闭 is disabled */
  closable?: boolean;
  /** centred: a mark above a large centred title and a line under it (the login view) */
  layout?: 'standard' | 'centred';
  /** the mark above the title of a centred dialog */
  mark?: ReactNode;
  /** the line under the title of a centred dialog */
  lead?: ReactNode;
  /** alertdialog: something went wrong and must be read */
  role?: 'dialog' | 'alertdialog';
  /** the card's own look, over the shared one */
  className?: string;
  /** the body's own spacing */
  bodyClassName?: string;
  /** the backdrop's own place, e.g. above every other layer */
  backdropClassName?: string;
}

/**
 * The app's modal dialog: a titled card over a dim backdrop, labelled by its title. The focus
 * moves into it when it opens (a data-autofocus control, else the first field, else the card),
 * Tab and Shift+Tab go round inside it, and when it closes the focus goes back to what had it
 * before. Escape, 关闭 and a press on the backdrop close it; Escape closes only the innermost
 * open layer.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  testId,
  width = 380,
  closeOnBackdrop = true,
  closable = true,
  layout = 'standard',
  mark,
  lead,
  role = 'dialog',
  className,
  bodyClassName,
  backdropClassName,
}: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = () => {
    if (closable) onClose();
  };

  useDismiss(ref, close, { outside: false, modal: true });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog) initialFocus(dialog).focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const dialog = ref.current;
    if (e.key !== 'Tab' || !dialog) return;
    const reachable = tabbables(dialog);
    const first = reachable[0];
    const last = reachable.at(-1);
    const at = document.activeElement;
    if (!first || !last) {
      e.preventDefault();
      dialog.focus();
    } else if (e.shiftKey && (at === first || at === dialog || !dialog.contains(at))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (at === last || !dialog.contains(at))) {
      e.preventDefault();
      first.focus();
    }
  };

  const centred = layout === 'centred';
  return (
    <div
      className={`${styles.backdrop} ${backdropClassName ?? ''}`}
      onMouseDown={(e) => closeOnBackdrop && e.target === e.currentTarget && close()}
      onKeyDown={onKeyDown}
    >
      <div
        ref={ref}
        className={`${styles.dialog} ${centred ? styles.centred : ''} ${className ?? ''}`}
        style={{ width }}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className={styles.head}>
          {mark}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
          <Button variant="icon" size="sm" aria-label="关闭" className={styles.close} disabled={!closable} onClick={close}>
            <CloseIcon size={centred ? 18 : 16} />
          </Button>
        </header>
        <div className={`${styles.body} ${bodyClassName ?? ''}`}>{children}</div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>
  );
}

/** A yes/no question before something that cannot be undone (删除). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = '确定',
  busy = false,
  onConfirm,
  onClose,
}: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            取消
          </Button>
          <Button variant="primary" onClick={onConfirm} disabled={busy} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className={styles.message}>{message}</p>
    </Dialog>
  );
}

/** The form pieces dialogs share: .field (a text input), .check (a checkbox line), .error. */
export const dialogStyles = styles;
