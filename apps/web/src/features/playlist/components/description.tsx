import { useLayoutEffect, useRef, useState } from 'react';
import { ChevronDownIcon } from '../../../components/icons.tsx';
import styles from './list-header.module.css';

/** 简介 clamped to two lines; a toggle appears only when the text is actually cut. */
export function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [clamped, setClamped] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !open) setClamped(el.scrollHeight > el.clientHeight + 1);
  }, [text, open]);

  return (
    <div className={styles.description}>
      <dt>简介：</dt>
      <dd>
        <span ref={ref} className={open ? styles.open : styles.clamp}>
          {text}
        </span>
        {clamped || open ? (
          <button
            type="button"
            className={`${styles.toggle} ${open ? styles.flip : ''}`}
            aria-expanded={open}
            aria-label={open ? '收起简介' : '展开简介'}
            onClick={() => setOpen(!open)}
          >
            <ChevronDownIcon size={16} />
          </button>
        ) : null}
      </dd>
    </div>
  );
}
