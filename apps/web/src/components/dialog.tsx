import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import styles from './dialog.module.css';

/**
 * A small modal dialog (新建歌单, 收藏到歌单, a delete confirmation): a titled card over a dim
 * backdrop. Escape, the close cross or a click on the backdrop closes it; the first field or
 * button takes the focus so the keyboard can go on at once.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  testId,
  width = 380,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  width?: number;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, textarea, [data-autofocus]')?.focus();
  }, []);

  return (
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={styles.dialog}
        style={{ width }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
            <CloseIcon size={16} />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
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
          <button type="button" className={styles.secondary} onClick={onClose}>
            取消
          </button>
          <button type="button" className={styles.primary} onClick={onConfirm} disabled={busy} data-autofocus>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className={styles.message}>{message}</p>
    </Dialog>
  );
}

export const dialogStyles = styles;
