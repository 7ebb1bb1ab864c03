import { DesktopLyricPage } from '../../features/desktop-lyric/index.ts';

/** #/desktop-lyric: the desktop lyric window (its lines come from the main window through the shell). */
export default DesktopLyricPage;
