import { ICON_SVG, iconPng, THEME } from './app-icon.ts';

/**
 * The web app manifest: what a phone or desktop browser needs to install Cloudtune as an app —
 * its names, a standalone window in the theme colour, icons at every size launchers ask for
 * (and maskable ones the OS can crop to its own shape), and shortcuts on the icon's long-press
 * menu to the screens a listener opens straight away.
 */
const ICON_SIZES = [48, 72, 96, 128, 144, 152, 180, 192, 256, 384, 512] as const;
const MASKABLE_SIZES = [192, 512] as const;

const iconFile = (size: number) => `icons/icon-${size}.png`;
const maskableFile = (size: number) => `icons/maskable-${size}.png`;

const SHORTCUT_ICON = [{ src: `/${iconFile(96)}`, sizes: '96x96', type: 'image/png' }];

export const WEB_APP_MANIFEST = {
  id: '/',
  name: 'Cloudtune 云音乐',
  short_name: 'Cloudtune',
  description: 'Cloudtune 云音乐：发现音乐、搜索、歌单、每日歌曲推荐、音乐云盘与离线下载。',
  lang: 'zh-CN',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#ffffff',
  theme_color: THEME,
  categories: ['music', 'entertainment'],
  icons: [
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ...ICON_SIZES.map((size) => ({ src: `/${iconFile(size)}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    ...MASKABLE_SIZES.map((size) => ({ src: `/${maskableFile(size)}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })),
  ],
  shortcuts: [
    { name: '每日歌曲推荐', short_name: '每日推荐', url: '/list/song/-1', icons: SHORTCUT_ICON },
    { name: '搜索', url: '/search/song', icons: SHORTCUT_ICON },
    { name: '下载管理', url: '/download/song', icons: SHORTCUT_ICON },
    { name: '我的音乐云盘', short_name: '音乐云盘', url: '/cloud', icons: SHORTCUT_ICON },
  ],
};

/** Every icon file the manifest and the page name, drawn for this build. */
export function appIcons(): { fileName: string; source: string | Buffer }[] {
  return [
    { fileName: 'icon.svg', source: ICON_SVG },
    ...ICON_SIZES.map((size) => ({ fileName: iconFile(size), source: iconPng(size) })),
    ...MASKABLE_SIZES.map((size) => ({ fileName: maskableFile(size), source: iconPng(size, { maskable: true }) })),
  ];
}
