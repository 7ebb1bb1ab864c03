import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MoreIcon } from '../../../components/icons.tsx';
import styles from './player-bar.module.css';

/**
 * A button that opens the controls a narrow window has no room for (the volume) above the
 * player bar. Closes on Escape and on a click elsewhere.
 */
export function MoreMenu({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className={`${styles.moreWrap} ${className ?? ''}`}>
      <button type="button" className={styles.iconButton} aria-label={label} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <MoreIcon />
      </button>
      {open ? (
        <div className={styles.moreMenu} role="group" aria-label={label}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
