import { useId } from 'react';
import styles from '../../../components/setting-form.module.css';
import { BIT_RATES, PLAY_SOURCES } from '../play-sources.ts';
import { usePlaybackSettings } from '../playback-settings.store.ts';

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
