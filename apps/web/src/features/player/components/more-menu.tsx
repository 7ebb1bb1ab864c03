import { useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { MoreIcon } from '../../../components/icons.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import styles from './player-bar.module.css';

/**
 * A button that opens the controls a narrow window has no room for (the volume) above the
 * player bar. Closes on Escape and on a click elsewhere.
 */
export function MoreMenu({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useDismiss(ref, () => setOpen(false), { enabled: open });

  return (
    <div ref={ref} className={`${styles.moreWrap} ${className ?? ''}`}>
      <Button variant="icon" size="md" tone="accent" aria-label={label} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <MoreIcon />
      </Button>
      {open ? (
        <div className={styles.moreMenu} role="group" aria-label={label}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
