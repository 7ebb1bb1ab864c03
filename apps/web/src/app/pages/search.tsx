import { useLocation } from 'react-router';
import { usePlayerStore } from '../../features/player/index.ts';
import { SEARCH_TABS, SearchResults, type SearchTabSlug } from '../../features/search/index.ts';
import { playSongsByIds } from '../play-songs.ts';

/** /search/<tab>: the search feature's results, wired to the player. */
export default function SearchRoute() {
  const { pathname } = useLocation();
  const slug = pathname.split('/').filter(Boolean)[1];
  const tab = SEARCH_TABS.find((t) => t.slug === slug)?.slug ?? ('song' satisfies SearchTabSlug);
  const playingId = usePlayerStore((s) => s.current?.id ?? null);
  return <SearchResults key={tab} tab={tab} playingId={playingId} onPlaySongs={(ids, index) => void playSongsByIds(ids, index)} />;
}
