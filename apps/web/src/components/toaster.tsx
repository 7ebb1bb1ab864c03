import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { subscribeNotices, type Notice } from '../lib/notice.ts';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import styles from './toaster.module.css';

const MAX_VISIBLE = 4;

/** Renders the notices lib code and features raise (lib/notice.ts), newest last. */
export function Toaster() {
  const [notices, setNotices] = useState<Notice[]>([]);

  useEffect(() => {
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const dismiss = (id: number) => setNotices((list) => list.filter((n) => n.id !== id));
    const unsubscribe = subscribeNotices((notice) => {
      // The same message twice in a row (e.g. two timed-out calls) shows once.
      setNotices((list) => [...list.filter((n) => n.message !== notice.message), notice].slice(-MAX_VISIBLE));
      if (notice.duration > 0)
        timers.set(
          notice.id,
          setTimeout(() => dismiss(notice.id), notice.duration),
        );
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  const close = (id: number) => setNotices((list) => list.filter((n) => n.id !== id));

  return (
    <div className={styles.stack} aria-live="polite">
      {notices.map((n) => (
        <div
          key={n.id}
          role={n.kind === 'error' || n.kind === 'warning' ? 'alert' : 'status'}
          className={`${styles.toast} ${styles[n.kind]}`}
        >
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.message}>
            {n.link ? (
              <Link to={n.link.to} onClick={() => close(n.id)} className={styles.link}>
                {n.message}
              </Link>
            ) : (
              n.message
            )}
          </span>
          <Button variant="icon" size="xs" aria-label="关闭" onClick={() => close(n.id)}>
            <CloseIcon size={14} />
          </Button>
        </div>
      ))}
    </div>
  );
}
