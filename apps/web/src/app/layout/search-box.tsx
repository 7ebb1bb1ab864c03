import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../components/icons.tsx';
import styles from './top-bar.module.css';

/** Enter searches songs (SPEC §2: /search/song?keywords=…); the box mirrors the current query. */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [text, setText] = useState('');

  useEffect(() => {
    if (pathname.startsWith('/search')) setText(new URLSearchParams(search).get('keywords') ?? '');
  }, [pathname, search]);

  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        const keywords = text.trim();
        if (keywords) navigate(`/search/song?keywords=${encodeURIComponent(keywords)}`);
      }}
    >
      <SearchIcon size={16} className={styles.searchIcon} />
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder="搜索音乐、歌手、歌词、用户"
        aria-label="搜索"
        enterKeyHint="search"
      />
    </form>
  );
}
