import type { MouseEvent } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { GROUP_TITLES, type DropdownGroup, type DropdownItem } from './dropdown-items.ts';
import { Highlight } from './highlight.tsx';
import styles from './search-box.module.css';

export interface SearchDropdownProps {
  id: string;
  items: readonly DropdownItem[];
  activeKey: string | undefined;
  keywords: string;
  onChoose: (item: DropdownItem) => void;
  onHover: (key: string) => void;
  onForget: (keyword: string) => void;
  onClearHistory: () => void;
}

/** The suggestions / history list under the search box (a listbox of grouped options). */
export function SearchDropdown({ id, items, activeKey, keywords, onChoose, onHover, onForget, onClearHistory }: SearchDropdownProps) {
  const groups = new Map<DropdownGroup, DropdownItem[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  // Items act on mouse down: it lands before the input's blur would close the list.
  const press = (e: MouseEvent, act: () => void) => {
    e.preventDefault();
    act();
  };

  return (
    <div className={styles.dropdown} id={id} role="listbox" aria-label="搜索建议">
      {[...groups].map(([group, rows]) => (
        <div key={group} role="group" aria-labelledby={`${id}-${group}`} className={styles.group}>
          <div className={styles.groupTitle} id={`${id}-${group}`}>
            <span>{GROUP_TITLES[group]}</span>
            {group === 'history' ? (
              <button type="button" className={styles.clear} onMouseDown={(e) => press(e, onClearHistory)}>
                清空
              </button>
            ) : null}
          </div>
          {group === 'history' || group === 'hot' ? (
            <div className={group === 'history' ? styles.chips : styles.hotList}>
              {rows.map((item, i) =>
                item.kind === 'keyword' ? (
                  <div
                    key={item.key}
                    id={`${id}-${item.key}`}
                    role="option"
                    aria-selected={item.key === activeKey}
                    className={`${group === 'history' ? styles.chip : styles.hot} ${item.key === activeKey ? styles.active : ''}`}
                    onMouseDown={(e) => press(e, () => onChoose(item))}
                    onMouseEnter={() => onHover(item.key)}
                  >
                    {group === 'hot' ? <span className={i < 3 ? styles.rankTop : styles.rank}>{i + 1}</span> : null}
                    <span className={styles.keyword}>{item.keyword}</span>
                    {group === 'history' ? (
                      <button
                        type="button"
                        className={styles.forget}
                        aria-label={`删除搜索历史 ${item.keyword}`}
                        onMouseDown={(e) => {
                          e.stopPropagation();
                          press(e, () => onForget(item.keyword));
                        }}
                      >
                        <CloseIcon size={10} />
                      </button>
                    ) : null}
                  </div>
                ) : null,
              )}
            </div>
          ) : (
            rows.map((item) =>
              item.kind === 'keyword' ? null : (
                <div
                  key={item.key}
                  id={`${id}-${item.key}`}
                  role="option"
                  aria-selected={item.key === activeKey}
                  className={`${styles.option} ${item.key === activeKey ? styles.active : ''}`}
                  onMouseDown={(e) => press(e, () => onChoose(item))}
                  onMouseEnter={() => onHover(item.key)}
                >
                  <Highlight text={item.label} keywords={keywords} />
                  {item.detail ? (
                    <span className={styles.detail}>
                      {' - '}
                      <Highlight text={item.detail} keywords={keywords} />
                    </span>
                  ) : null}
                </div>
              ),
            )
          )}
        </div>
      ))}
    </div>
  );
}
