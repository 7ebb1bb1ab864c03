import { CloseIcon } from './icons.tsx';
import styles from './error-overlay.module.css';

export interface RuntimeErrorInfo {
  title: string;
  message: string;
  stack?: string;
}

/** The global overlay for unhandled runtime errors (SPEC §2, §8): title, message, stack; closable. */
export function ErrorOverlay({ error, onClose }: { error: RuntimeErrorInfo; onClose: () => void }) {
  return (
    <div className={styles.backdrop} role="alertdialog" aria-modal="true" aria-labelledby="error-overlay-title">
      <div className={styles.panel}>
        <header className={styles.header}>
          <h2 id="error-overlay-title">{error.title}</h2>
          <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
            <CloseIcon size={18} />
          </button>
        </header>
        <p className={styles.message}>{error.message}</p>
        {error.stack ? <pre className={styles.stack}>{error.stack}</pre> : null}
      </div>
    </div>
  );
}
