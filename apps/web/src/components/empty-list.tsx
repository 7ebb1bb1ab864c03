import styles from './empty-list.module.css';

/** The reusable empty-list message: 暂无数据 unless a screen says otherwise. */
export function EmptyList({ text = '暂无数据' }: { text?: string }) {
  return (
    <div className={styles.empty} role="status">
      {text}
    </div>
  );
}
