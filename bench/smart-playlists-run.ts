import { measureSmartPlaylists } from './smart-playlists.ts';

/** `npm run bench:smart`: only the smart-playlist figures (BENCH_SMART_SONGS sets the library size). */
await measureSmartPlaylists();
