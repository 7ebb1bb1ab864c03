import { ArtistsPage } from '../../features/discover/screens.ts';

/** 歌手 (/music/artists?area&type&initial). */
export default ArtistsPage;
