import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Toplist } from '@cloudtune/contract';
import { ToplistPage } from '../../features/discover/screens.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { playlistDetailQueryOptions } from '../../features/playlist/index.ts';
import { notify } from '../../lib/notice.ts';

/**
 * A chart preview only names its songs; the chart itself is a playlist. Its tracks come from
 * /playlist/detail and become the queue, starting at the double-clicked one. (A static import:
 * this page is code-split already, and the browser build inlines the entry CSS, which a
 * dynamic import from a lazy chunk would try to preload as a file.)
 */
async function playChartTrack(client: QueryClient, chart: Toplist, index: number) {
  try {
    const { tracks } = await client.fetchQuery(playlistDetailQueryOptions(chart.id));
    const name = chart.tracks?.[index]?.first;
    // The preview is the chart's top 3, in order; match by name in case the chart moved since.
    const byName = tracks[index]?.name === name ? index : tracks.findIndex((t) => t.name === name);
    const at = byName >= 0 ? byName : index;
    if (tracks[at]) usePlayerStore.getState().playList(tracks, at);
    else notify({ kind: 'warning', message: '歌曲不存在' });
  } catch (error) {
    notify({ kind: 'error', message: `歌曲加载失败：${(error as Error).message}` });
  }
}

/** 排行榜 (/music/toplist), wired to the player. */
export default function ToplistRoute() {
  const client = useQueryClient();
  return <ToplistPage onPlayTrack={(chart, index) => void playChartTrack(client, chart, index)} />;
}
