import { Dialog } from './dialog.tsx';
import styles from './error-overlay.module.css';

export interface RuntimeErrorInfo {
  title: string;
  message: string;
  stack?: string;
}

/**
 * The global overlay for unhandled runtime errors: title, message, stack; closable.
 * An alert dialog above every other layer, dark whatever the palette, so it reads as a failure.
 */
export function ErrorOverlay({ error, onClose }: { error: RuntimeErrorInfo; onClose: () => void }) {
  return (
    <Dialog
      role="alertdialog"
      title={error.title}
      onClose={onClose}
      width={760}
      closeOnBackdrop={false}
      className={styles.panel}
      bodyClassName={styles.content}
      backdropClassName={styles.backdrop}
    >
      <p className={styles.message}>{error.message}</p>
      {error.stack ? <pre className={styles.stack}>{error.stack}</pre> : null}
    </Dialog>
  );
}
