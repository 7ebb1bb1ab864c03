import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ALL_TAGS, ALL_TAGS_LABEL, songlistPath, type TagGroup } from '../square-rules.ts';
import { CategoryIcon } from './category-icon.tsx';
import chip from '../../../components/chip.module.css';
import styles from './tag-picker.module.css';

interface TagPickerProps {
  /** the tag shown now (全部 = every tag) */
  current: string;
  groups: readonly TagGroup[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * 全部歌单: a button naming the current tag that opens every tag of /playlist/catlist, grouped
 * by category, with 全部歌单 first. Picking a tag navigates (the tag lives in the URL) and
 * closes the panel; Escape or a click outside closes it too.
 */
export function TagPicker({ current, groups, loading, failed, onRetry }: TagPickerProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(
    root,
    (reason) => {
      setOpen(false);
      // Escape hands the focus back to the button; a click elsewhere has put it where it wanted.
      if (reason === 'escape') button.current?.focus();
    },
    { enabled: open },
  );

  // Keyboard users land on the selected tag.
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
  }, [open]);

  const close = () => setOpen(false);
  const isAll = current === ALL_TAGS;

  return (
    <div className={styles.picker} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {isAll ? ALL_TAGS_LABEL : current}
        <ChevronDownIcon size={16} className={open ? styles.flip : undefined} />
      </button>
      {open ? (
        <div className={styles.panel} id={panelId} role="dialog" aria-label={ALL_TAGS_LABEL}>
          <div className={styles.head}>
            <Link
              to={songlistPath(ALL_TAGS)}
              className={`${styles.allTag} ${isAll ? chip.selected : ''}`}
              aria-current={isAll ? 'true' : undefined}
              onClick={close}
            >
              {ALL_TAGS_LABEL}
            </Link>
          </div>
          {failed ? (
            <LoadError onRetry={onRetry} />
          ) : loading || !groups ? (
            <div className={styles.loading} aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={18} style={{ marginBottom: 16 }} />
              ))}
            </div>
          ) : (
            groups.map((group) => (
              <section key={group.category} className={styles.group} aria-label={group.name}>
                <h3 className={styles.category}>
                  <CategoryIcon category={group.category} />
                  {group.name}
                </h3>
                <ul className={styles.tags}>
                  {group.tags.map((tag) => {
                    const selected = tag.name === current;
                    return (
                      <li key={tag.name}>
                        <Link
                          to={songlistPath(tag.name)}
                          className={`${chip.chip} ${styles.tag} ${selected ? chip.selected : ''}`}
                          aria-current={selected ? 'true' : undefined}
                          onClick={close}
                        >
                          {tag.name}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
