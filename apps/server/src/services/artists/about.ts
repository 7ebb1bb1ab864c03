import type { Repos } from '../../repos/index.ts';
import type { TagWeight } from '../../repos/artists.ts';
import { notFound } from '../../errors.ts';
import { AREA_NAMES, TYPE_NAMES } from './shapes.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { artistObject } from '../shapes.ts';

/** /simi/artist answers at most this many; candidates beyond the strongest few hundred are not scored. */
export const SIMILAR_ARTISTS = 50;
const CANDIDATES = 300;
/** Weights of the three signals: alike playlist tags, playlists in common, same area. */
const WEIGHTS = { tags: 0.4, playlists: 0.4, area: 0.2 };
/** Below this an artist is merely in the same library, not similar. */
export const MIN_SIMILARITY = 0.45;

type TagVector = Map<number, number>;

function cosine(a: TagVector | undefined, b: TagVector | undefined): number {
  if (!a || !b) return 0;
  let dot = 0;
  for (const [tag, n] of a) dot += n * (b.get(tag) ?? 0);
  const norm = (v: TagVector) => Math.sqrt([...v.values()].reduce((s, n) => s + n * n, 0));
  return dot === 0 ? 0 : dot / (norm(a) * norm(b));
}

function vectors(weights: TagWeight[]): Map<number, TagVector> {
  const out = new Map<number, TagVector>();
  for (const w of weights) {
    const v = out.get(w.artistId) ?? new Map<number, number>();
    v.set(w.tagId, w.playlists);
    out.set(w.artistId, v);
  }
  return out;
}

const year = (ms: number): number => new Date(ms).getUTCFullYear();

/** An artist's introduction and similar artists, both derived from the library's own data. */
export function createArtistAboutService(repos: Repos) {
  async function profileOf(id: number) {
    const artist = await repos.artists.findProfile(id);
    if (!artist) throw notFound('artist', id);
    return artist;
  }

  /** The tag names most often around the artist's songs in playlists, strongest first. */
  async function topTags(artistId: number, count: number): Promise<string[]> {
    const names = new Map((await repos.tags.all()).map((t) => [t.id, t.name]));
    return (await repos.artists.tagWeights([artistId]))
      .sort((a, b) => b.playlists - a.playlists || a.tagId - b.tagId)
      .slice(0, count)
      .flatMap((w) => names.get(w.tagId) ?? []);
  }

  /** Artists similar to `id` with their scores (at least MIN_SIMILARITY), most similar first. */
  async function similarScores(id: number): Promise<{ id: number; score: number }[]> {
    const me = await profileOf(id);
    const shared = (await repos.artists.sharedPlaylists(id))
      .sort((a, b) => b.shared - a.shared || a.artistId - b.artistId)
      .slice(0, CANDIDATES);
    const sameArea = new Set(await repos.artists.sameArea(id, CANDIDATES));
    const sharedBy = new Map(shared.map((s) => [s.artistId, s.shared]));
    const candidates = [...new Set([...sharedBy.keys(), ...sameArea])];
    const tagVectors = vectors(await repos.artists.tagWeights([me.id, ...candidates]));
    const playlistCounts = await repos.artists.playlistCounts([me.id, ...candidates]);
    // Playlists in common, as a share of both artists' playlists (cosine of the playlist sets),
    // so prolific artists do not look similar to everyone.
    const overlap = (c: number) => (sharedBy.get(c) ?? 0) / Math.sqrt((playlistCounts.get(me.id) ?? 1) * (playlistCounts.get(c) ?? 1));
    return candidates
      .map((c) => ({
        id: c,
        score:
          WEIGHTS.tags * cosine(tagVectors.get(me.id), tagVectors.get(c)) +
          WEIGHTS.playlists * overlap(c) +
          WEIGHTS.area * (sameArea.has(c) ? 1 : 0),
      }))
      .filter((s) => s.score >= MIN_SIMILARITY)
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, SIMILAR_ARTISTS);
  }

  return {
    /** Titled sections built from the catalog: facts, style (playlist tags), works, hot songs. */
    async desc(id: number) {
      const a = await profileOf(id);
      const albums = await repos.albums.ofArtist(id, 0, 1000);
      const first = albums[albums.length - 1];
      const songs = await repos.songs.findByIds(await repos.songs.mostPopularOf(id, 5));
      const facts = [`地区：${AREA_NAMES[a.area] ?? '其他'}`, `类型：${TYPE_NAMES[a.type] ?? '歌手'}`];
      if (a.aliases.length) facts.push(`别名：${a.aliases.join('、')}`);
      if (first) facts.push(`首张作品：${year(first.publishTime)}年《${first.name}》`);
      facts.push(`作品数量：${a.albumSize} 张专辑/单曲，${a.musicSize} 首歌曲`);
      const introduction = [{ ti: a.name, txt: facts.join('\n') }];
      const tags = await topTags(id, 4);
      if (tags.length) {
        introduction.push({
          ti: '音乐风格',
          txt: `作品常被收录在「${tags.join('」「')}」类歌单中。${a.independent ? '独立创作、自主发行的原创音乐人。' : ''}`,
        });
      }
      if (albums.length) {
        const works = albums.map((al) => `${year(al.publishTime)}年《${al.name}》（${al.type}，${al.songCount} 首）`);
        introduction.push({ ti: '音乐作品', txt: works.join('\n') });
      }
      if (songs.size) {
        introduction.push({
          ti: '热门歌曲',
          txt: [...songs.values()]
            .sort((x, y) => y.popularity - x.popularity || x.id - y.id)
            .map((s) => `《${s.name}》`)
            .join('、'),
        });
      }
      return { introduction, briefDesc: a.briefDesc, count: 0, topicData: null, code: 200 as const };
    },

    /**
     * Similar artists, scored — never random: how alike the playlist tags around their songs are
     * (cosine), how many playlists hold both, and whether they share an area. NetEase answers
     * this only when logged in; we answer everyone.
     */
    async similar(id: number, urls: MediaUrls) {
      const scored = await similarScores(id);
      const records = await repos.artists.findByIds(scored.map((s) => s.id));
      const list = scored.flatMap((s) => {
        const a = records.get(s.id);
        return a ? [{ ...artistObject(a, urls), alg: 'itembased' }] : [];
      });
      return { artists: list, code: 200 as const };
    },

    similarScores,
  };
}
export type ArtistAboutService = Awaited<ReturnType<typeof createArtistAboutService>>;
