import { DesktopLyricPage, type DesktopLyricView } from '../../features/desktop-lyric/index.ts';
import { FloatingLyric } from '../../features/lyrics/panel.ts';

const renderLyric = ({ songId, label, showTranslation, ...clock }: DesktopLyricView) => (
  <FloatingLyric songId={songId} label={label} showTranslation={showTranslation} {...clock} />
);

/** #/desktop-lyric: the desktop lyric window — the shell's page around the lyrics feature's floating lyric. */
export default function DesktopLyric() {
  return <DesktopLyricPage lyric={renderLyric} />;
}
