/**
 * The player's sections of the settings page (播放源, 音质, 播放, 音效), apart from index.ts so the
 * first screen's bundle does not carry them: only the lazily loaded settings route imports this.
 */
export { PlaySourceSettings, BitRateSettings, PlaybackSettings } from './components/playback-settings.tsx';
export { EffectsControls } from './components/effects-controls.tsx';
