import { BitRateSettings, EffectsControls, PlaybackSettings, PlaySourceSettings } from '../../features/player/settings.ts';
import { SettingPage } from '../../features/settings/index.ts';
import { platform } from '../../lib/platform.ts';

/** 设置: the settings feature's page with the player's sections (播放源, 音质, 播放, 音效) plugged in. */
export default function SettingRoute() {
  return (
    <SettingPage
      platform={platform}
      slots={{
        source: <PlaySourceSettings />,
        quality: <BitRateSettings />,
        playback: <PlaybackSettings />,
        effect: <EffectsControls />,
      }}
    />
  );
}
