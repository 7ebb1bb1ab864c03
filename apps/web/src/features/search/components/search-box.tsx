import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/icons.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useHotSearches } from '../api/hot.ts';
import { useSuggestions } from '../api/suggest.ts';
import { useSearchHistory } from '../search-history.store.ts';
import { searchPath } from '../search-tabs.ts';
import { dropdownItems, moveActive, type DropdownItem } from './dropdown-items.ts';
import { SearchDropdown } from './search-dropdown.tsx';
import styles from './search-box.module.css';

/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 250;

export interface SearchBoxProps {
  /** a song chosen in the suggestions: the app hands it to the player */
  onPlaySong: (id: number) => void;
}

/**
 * The top bar's search box (a combobox): suggestions while typing (单曲 / 歌手 / 专辑 / 歌单),
 * 搜索历史 and the hot list when empty; arrow keys move, Enter opens the highlighted item or
 * searches, Escape closes. The box mirrors the keyword of the search page.
 */
export function SearchBox({ onPlaySong }: SearchBoxProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const typed = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);
  const history = useSearchHistory();

  useEffect(() => {
    if (pathname.startsWith('/search')) setText(new URLSearchParams(search).get('keywords') ?? '');
  }, [pathname, search]);

  const suggestions = useSuggestions(open ? typed : '');
  const hot = useHotSearches(open && text.trim() === '');
  const items = useMemo(
    () => dropdownItems(text.trim(), text.trim() === typed ? suggestions.data : undefined, history.keywords, hot.data ?? []),
    [text, typed, suggestions.data, history.keywords, hot.data],
  );

  useEffect(() => setActive(-1), [items]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  // Escape closes the list; so does a press outside the box (as the input's blur does).
  useDismiss(boxRef, close, { enabled: open });

  const searchFor = (keywords: string) => {
    const k = keywords.trim();
    if (!k) return;
    history.remember(k);
    setText(k);
    close();
    inputRef.current?.blur();
    navigate(searchPath('song', k));
  };

  const choose = (item: DropdownItem) => {
    if (item.kind === 'keyword') return searchFor(item.keyword);
    close();
    inputRef.current?.blur();
    if (text.trim()) history.remember(text.trim());
    if (item.kind === 'song') onPlaySong(item.id);
    else navigate(item.path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      setActive((i) => moveActive(i, e.key === 'ArrowDown' ? 1 : -1, items.length));
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const item = items[active];
      if (open && item) choose(item);
      else searchFor(text);
    }
  };

  const activeItem = open ? items[active] : undefined;
  return (
    <div ref={boxRef} className={styles.box} role="search">
      <SearchIcon size={16} className={styles.icon} />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="搜索"
        aria-autocomplete="list"
        aria-expanded={open && items.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeItem ? `${listId}-${activeItem.key}` : undefined}
        value={text}
        placeholder="搜索音乐、歌手、歌词、用户"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // A click inside the dropdown lands before the blur closes it (the items use onMouseDown).
        onBlur={() => close()}
        onKeyDown={onKeyDown}
      />
      {open && items.length > 0 ? (
        <SearchDropdown
          id={listId}
          items={items}
          activeKey={activeItem?.key}
          keywords={text.trim()}
          onChoose={choose}
          onHover={(key) => setActive(items.findIndex((i) => i.key === key))}
          onForget={history.forget}
          onClearHistory={history.clear}
        />
      ) : null}
    </div>
  );
}
