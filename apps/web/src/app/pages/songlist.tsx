import { SonglistPage } from '../../features/discover/screens.ts';

/** 精品歌单 (/music/songlist?tag=). */
export default SonglistPage;
