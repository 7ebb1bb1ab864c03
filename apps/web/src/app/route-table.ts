import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { Platform } from '../lib/platform.ts';
import { RecommendRoute } from './pages/recommend.tsx';
import { MusicLayout } from '../features/discover/index.ts';
// The tab list only (not the feature's index): keeps the results page out of the first screen's bundle.
import { SEARCH_TABS } from '../features/search/search-tabs.ts';

/**
 * THE route table. One data structure for both builds: `platforms` says which
 * builds keep an entry, `auth` which ones need a logged-in user. buildRoutes() turns it into
 * React Router routes; the first screen is eager, every other page is code-split.
 */
export type PageModule = { default: ComponentType };

export interface RouteEntry {
  /** absolute at the top level, relative below */
  path?: string;
  index?: boolean;
  title?: string;
  platforms: readonly Platform[];
  /** login required: always, or depending on the params (the daily list, id -1) */
  auth?: boolean | ((params: Params) => boolean);
  /** a redirect; relative targets extend the current path, the query string is kept */
  redirect?: string;
  /** eager page: only the first screen */
  component?: ComponentType;
  /** code-split page */
  lazy?: () => Promise<PageModule>;
  children?: RouteEntry[];
  /** The user pages hide the main navigation */
  hideNav?: boolean;
  /** The page can be collected (bookmarked into the sidebar later) */
  collectable?: boolean;
}

const BOTH = ['browser', 'desktop'] as const satisfies readonly Platform[];
const DESKTOP = ['desktop'] as const satisfies readonly Platform[];

const sectionPage = () => import('./pages/section-page.tsx');
const searchPage = () => import('./pages/search.tsx');
const titlePage = () => import('./pages/title-page.tsx');
const artistPage = () => import('./pages/artist.tsx');

/** A title-only screen a later issue fills in. */
const placeholder = (path: string, title: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  title,
  platforms: BOTH,
  lazy: titlePage,
  ...extra,
});

/** A user page: login required, the main navigation hidden; one code-split chunk for all of them. */
const userPages = () => import('./pages/user-pages.tsx');
type UserPageName = keyof Awaited<ReturnType<typeof userPages>>;
const userPage = (path: string, title: string, name: UserPageName, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  title,
  platforms: BOTH,
  auth: true,
  hideNav: true,
  lazy: () => userPages().then((m) => ({ default: m[name] })),
  ...extra,
});

export const routeTable: RouteEntry[] = [
  // The root's index: / → /music.
  { index: true, platforms: BOTH, redirect: '/music' },
  {
    path: '/music',
    title: '发现音乐',
    platforms: BOTH,
    component: MusicLayout,
    children: [
      { index: true, platforms: BOTH, redirect: '/music/recommend' },
      { path: 'recommend', title: '个性推荐', platforms: BOTH, component: RecommendRoute },
      { path: 'songlist', title: '精品歌单', platforms: BOTH, lazy: () => import('./pages/songlist.tsx') },
      { path: 'toplist', title: '排行榜', platforms: BOTH, lazy: () => import('./pages/toplist.tsx') },
      { path: 'artists', title: '歌手', platforms: BOTH, lazy: () => import('./pages/artists.tsx') },
    ],
  },
  {
    path: '/list/:type/:playlist',
    title: '歌单',
    platforms: BOTH,
    lazy: () => import('./pages/list.tsx'),
    // The daily-songs list (id -1) needs login.
    auth: (params) => params.playlist === '-1',
  },
  { path: '/artist', platforms: BOTH, redirect: '/' },
  {
    path: '/artist/:id',
    title: '歌手',
    platforms: BOTH,
    lazy: artistPage,
    children: [
      { index: true, platforms: BOTH, redirect: 'album' },
      { path: 'album', title: '专辑', platforms: BOTH, lazy: () => artistPage().then((m) => ({ default: m.ArtistAlbumRoute })) },
      { path: 'mv', title: 'MV', platforms: BOTH, lazy: () => artistPage().then((m) => ({ default: m.ArtistMvRoute })) },
      { path: 'detail', title: '歌手详情', platforms: BOTH, lazy: () => artistPage().then((m) => ({ default: m.ArtistDetailRoute })) },
      { path: 'similar', title: '相似歌手', platforms: BOTH, lazy: () => artistPage().then((m) => ({ default: m.ArtistSimilarRoute })) },
    ],
  },
  { path: '/setting/:location', title: '设置', platforms: BOTH, lazy: () => import('./pages/setting.tsx') },
  {
    path: '/search',
    title: '搜索',
    platforms: BOTH,
    lazy: sectionPage,
    children: [
      { index: true, platforms: BOTH, redirect: 'song' },
      ...SEARCH_TABS.map((tab): RouteEntry => ({ path: tab.slug, title: tab.label, platforms: BOTH, lazy: searchPage })),
    ],
  },
  {
    path: '/video',
    title: '视频',
    platforms: BOTH,
    lazy: sectionPage,
    children: [{ index: true, platforms: BOTH, redirect: 'mv' }, placeholder('mv', 'MV')],
  },
  placeholder('/moments', '朋友'),
  {
    path: '/download',
    title: '下载管理',
    platforms: BOTH,
    lazy: sectionPage,
    children: [
      { index: true, platforms: BOTH, redirect: 'song' },
      { path: 'song', title: '已下载单曲', platforms: BOTH, lazy: () => import('./pages/download.tsx') },
      {
        path: 'mv',
        title: '已下载MV',
        platforms: BOTH,
        lazy: () => import('./pages/download.tsx').then((m) => ({ default: m.DownloadMvRoute })),
      },
    ],
  },
  {
    path: '/local-music',
    title: '本地音乐',
    platforms: DESKTOP,
    lazy: sectionPage,
    children: [
      { index: true, platforms: DESKTOP, redirect: 'song' },
      { path: 'song', title: '歌曲', platforms: DESKTOP, lazy: () => import('./pages/local-music.tsx') },
      {
        path: 'dir',
        title: '文件夹',
        platforms: DESKTOP,
        lazy: () => import('./pages/local-music.tsx').then((m) => ({ default: m.LocalFoldersRoute })),
      },
    ],
  },
  // The phone's 我的音乐 tab (decision 0050): the sidebar's 我的音乐 section as a page.
  { path: '/my-music', title: '我的音乐', platforms: BOTH, lazy: () => import('./pages/my-music.tsx') },
  { path: '/cloud', title: '音乐云盘', platforms: BOTH, auth: true, collectable: true, lazy: () => import('./pages/cloud.tsx') },
  userPage('/userinfo/:uid', '个人主页', 'UserInfoRoute'),
  userPage('/followList/:uid', '关注', 'FollowListRoute', { collectable: true }),
  userPage('/eventView/:uid', '动态', 'EventsRoute'),
  userPage('/fansView/:uid', '粉丝', 'FansRoute'),
  userPage('/userSetting', '编辑个人信息', 'UserSettingRoute'),
];

/** The table as one platform's build keeps it. */
export function routesFor(platform: Platform, entries: readonly RouteEntry[] = routeTable): RouteEntry[] {
  return entries
    .filter((e) => e.platforms.includes(platform))
    .map((e) => (e.children ? { ...e, children: routesFor(platform, e.children) } : e));
}
