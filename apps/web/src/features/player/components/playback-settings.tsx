import { useId } from 'react';
import styles from '../../../components/setting-form.module.css';
import { CROSSFADE_MAX_SECONDS } from '../crossfade.ts';
import { NORMALIZATIONS, TARGET_LEVELS } from '../loudness.ts';
import { BIT_RATES, PLAY_SOURCES } from '../play-sources.ts';
import { usePlaybackSettings } from '../playback-settings.store.ts';
import effects from './effects-controls.module.css';
import { rangeFill } from './range-fill.ts';

/** 播放源: QQ, Kuwo and Migu fixed; the extras can be added and removed. */
export function PlaySourceSettings() {
  const sources = usePlaybackSettings((s) => s.sources);
  const { addSource, removeSource } = usePlaybackSettings.getState();
  return (
    <>
      <p className={styles.lead}>找不到播放链接的歌曲会依次从勾选的播放源查找。QQ音乐、酷我音乐、咪咕音乐是固定的播放源。</p>
      <div className={styles.options} role="group" aria-label="播放源">
        {PLAY_SOURCES.map((source) => (
          <label key={source.id} className={styles.option}>
            <input
              type="checkbox"
              checked={source.fixed || sources.includes(source.id)}
              disabled={source.fixed}
              onChange={(e) => (e.currentTarget.checked ? addSource(source.id) : removeSource(source.id))}
            />
            <span>{source.name}</span>
            {source.fixed ? <span className={styles.tag}>固定</span> : null}
          </label>
        ))}
      </div>
    </>
  );
}

/** 音质: the bit rate asked of /song/url (320k by default). */
export function BitRateSettings() {
  const name = useId();
  const bitRate = usePlaybackSettings((s) => s.bitRate);
  const setBitRate = usePlaybackSettings((s) => s.setBitRate);
  return (
    <>
      <p className={styles.lead}>在线播放时请求的音质；歌曲没有所选音质时播放最接近的较低音质。</p>
      <div className={styles.options} role="radiogroup" aria-label="音质">
        {BIT_RATES.map((b) => (
          <label key={b.value} className={styles.option}>
            <input type="radio" name={name} value={b.value} checked={bitRate === b.value} onChange={() => setBitRate(b.value)} />
            <span>{b.label}</span>
            <span className={styles.hint}>{b.hint}</span>
          </label>
        ))}
      </div>
    </>
  );
}

const crossfadeLabel = (seconds: number) => (seconds === 0 ? '关闭' : `${seconds} 秒`);

/** 播放: 音量均衡 (mode and target level) and 淡入淡出 (关闭 = gapless, or 1–12 s). */
export function PlaybackSettings() {
  const name = useId();
  const normalization = usePlaybackSettings((s) => s.normalization);
  const targetLufs = usePlaybackSettings((s) => s.targetLufs);
  const crossfadeSeconds = usePlaybackSettings((s) => s.crossfadeSeconds);
  const { setNormalization, setTargetLufs, setCrossfadeSeconds } = usePlaybackSettings.getState();
  return (
    <>
      <p className={styles.lead}>
        音量均衡让不同歌曲听起来一样响，且不会削波失真。淡入淡出让上一首的结尾与下一首的开头重叠过渡；按顺序播放整张专辑时保持无缝衔接。
      </p>
      <div className={styles.field}>
        <span className={styles.label} id={`${name}-normalization`}>
          音量均衡
        </span>
        <div className={styles.options} role="radiogroup" aria-labelledby={`${name}-normalization`}>
          {NORMALIZATIONS.map((n) => (
            <label key={n.value} className={styles.option}>
              <input
                type="radio"
                name={`${name}-normalization`}
                checked={normalization === n.value}
                onChange={() => setNormalization(n.value)}
              />
              <span>{n.label}</span>
              {n.hint ? <span className={styles.hint}>{n.hint}</span> : null}
            </label>
          ))}
        </div>
      </div>
      <div className={styles.field}>
        <span className={styles.label} id={`${name}-target`}>
          目标响度
        </span>
        <div className={styles.options} role="radiogroup" aria-labelledby={`${name}-target`}>
          {TARGET_LEVELS.map((t) => (
            <label key={t.value} className={styles.option}>
              <input
                type="radio"
                name={`${name}-target`}
                checked={targetLufs === t.value}
                disabled={normalization === 'off'}
                onChange={() => setTargetLufs(t.value)}
              />
              <span>{t.label}</span>
              <span className={styles.hint}>{t.hint}</span>
            </label>
          ))}
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${name}-crossfade`}>
          淡入淡出
        </label>
        <div className={styles.inline}>
          <span className={styles.hint}>关闭</span>
          <input
            id={`${name}-crossfade`}
            type="range"
            className={effects.range}
            min={0}
            max={CROSSFADE_MAX_SECONDS}
            step={1}
            value={crossfadeSeconds}
            aria-valuetext={crossfadeLabel(crossfadeSeconds)}
            style={rangeFill(crossfadeSeconds, 0, CROSSFADE_MAX_SECONDS)}
            onChange={(e) => setCrossfadeSeconds(Number(e.currentTarget.value))}
          />
          <span className={styles.hint}>{crossfadeLabel(CROSSFADE_MAX_SECONDS)}</span>
          <output className={styles.value} htmlFor={`${name}-crossfade`}>
            {crossfadeLabel(crossfadeSeconds)}
          </output>
        </div>
      </div>
    </>
  );
}
