import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Song } from '@cloudtune/contract';
import { requireLogin, useAuthStore } from '../../features/auth/index.ts';
import { allUserPlaylistsQuery } from '../../features/account/data.ts';
import { catlistQueryOptions } from '../../features/discover/index.ts';
import { downloadSongs } from '../../features/downloads/index.ts';
import { DailySongsPage } from '../../features/my-music/screens.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { ListPage } from '../../features/playlist/index.ts';
import { refreshLibrary } from '../layout/library-host.tsx';

const playList = (songs: readonly Song[], index: number) => usePlayerStore.getState().playList(songs, index);

/** /list/:type/:playlist, wired to the player (queue, playing row), auth (collect), the library (daily songs, sidebar) and downloads (下载全部). */
export default function ListRoute() {
  const { playlist } = useParams();
  const playingId = usePlayerStore((s) => s.current?.id);
  const uid = useAuthStore((s) => s.user?.account.id ?? null);
  const client = useQueryClient();
  const navigate = useNavigate();
  // Id -1 is the daily-songs list; the route's guard has made sure someone is logged in.
  if (playlist === '-1') return uid === null ? null : <DailySongsPage uid={uid} playingId={playingId} onPlay={playList} />;
  return (
    <ListPage
      playingId={playingId}
      onPlay={playList}
      requireLogin={requireLogin}
      currentUserId={uid}
      onCollectChange={() => void refreshLibrary(client)}
      onPlaylistChange={(id) => void refreshLibrary(client, id)}
      onPlaylistDeleted={() => {
        void refreshLibrary(client);
        void navigate('/music/recommend');
      }}
      onDownloadAll={downloadSongs}
      loadPlaylistChoices={async () =>
        uid === null
          ? []
          : (await client.fetchQuery(allUserPlaylistsQuery(uid))).filter((p) => !p.smartRules).map(({ id, name }) => ({ id, name }))
      }
      loadTagNames={() => client.fetchQuery(catlistQueryOptions()).then((catlist) => catlist.sub.map((tag) => tag.name))}
    />
  );
}
