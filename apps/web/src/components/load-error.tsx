import styles from './empty-list.module.css';

/** A failed load with a retry (wording: 请求失败，点击重新加载). */
export function LoadError({ onRetry, text = '请求失败，点击重新加载' }: { onRetry: () => void; text?: string }) {
  return (
    <div className={styles.empty} role="alert">
      <button type="button" className={styles.retry} onClick={onRetry}>
        {text}
      </button>
    </div>
  );
}
