import { useId, type ReactNode } from 'react';
import { BASIC_EFFECTS, useEffectsStore } from '../effects/effects.store.ts';
import { CUSTOM_EQ_ID, EQ_BANDS, EQ_MAX_DB, EQ_PRESETS, bandLabel } from '../effects/equalizer.ts';
import { outputDeviceSupported, useOutputDevices } from '../effects/output-devices.ts';
import { MAX_PLAYBACK_RATE, MIN_PLAYBACK_RATE, PLAYBACK_RATES } from '../effects/playback-rate.ts';
import { ORIGINAL_SLUG, REVERB_PRESETS } from '../effects/reverb-presets.ts';
import styles from './effects-controls.module.css';
import { rangeFill } from './range-fill.ts';

const rateLabel = (rate: number) => `${rate}×`;
const dbLabel = (db: number) => `${db > 0 ? '+' : ''}${db}`;

function BasicEffects() {
  const prefix = useId();
  const active = useEffectsStore((s) => s.basicEffects);
  const toggle = useEffectsStore((s) => s.toggleBasicEffect);
  return (
    <div className={styles.toggles}>
      {BASIC_EFFECTS.map(({ id, hint }) => (
        <label key={id} className={styles.toggle}>
          <input
            type="checkbox"
            checked={active.includes(id)}
            onChange={() => toggle(id)}
            aria-labelledby={`${prefix}-${id}`}
            aria-describedby={`${prefix}-${id}-hint`}
          />
          <span id={`${prefix}-${id}`} className={styles.toggleName}>
            {id}
          </span>
          <span id={`${prefix}-${id}-hint`} className={styles.toggleHint}>
            {hint}
          </span>
        </label>
      ))}
    </div>
  );
}

function Reverbs() {
  const name = useId();
  const convolver = useEffectsStore((s) => s.convolver);
  const mix = useEffectsStore((s) => s.reverbMix);
  const { setConvolver, setReverbMix } = useEffectsStore.getState();
  const dry = convolver === ORIGINAL_SLUG;
  return (
    <>
      <div className={styles.chips} role="radiogroup" aria-label="混响">
        {REVERB_PRESETS.map((preset) => (
          <label key={preset.slug} className={styles.chip}>
            <input
              type="radio"
              name={name}
              value={preset.slug}
              checked={convolver === preset.slug}
              onChange={() => setConvolver(preset.slug)}
            />
            <span>{preset.name}</span>
          </label>
        ))}
      </div>
      <div className={styles.sliderRow}>
        <span className={styles.sliderLabel}>干</span>
        <input
          type="range"
          className={styles.range}
          aria-label="干湿比"
          min={0}
          max={1}
          step={0.01}
          value={mix}
          disabled={dry}
          style={rangeFill(mix, 0, 1)}
          onChange={(e) => setReverbMix(Number(e.currentTarget.value))}
        />
        <span className={styles.sliderLabel}>湿</span>
        <output className={styles.value}>{Math.round(mix * 100)}%</output>
      </div>
    </>
  );
}

function Equalizer() {
  const name = useId();
  const preset = useEffectsStore((s) => s.eqPreset);
  const gains = useEffectsStore((s) => s.eqGains);
  const { setEqPreset, setEqBand } = useEffectsStore.getState();
  return (
    <>
      <div className={styles.chips} role="radiogroup" aria-label="均衡器预设">
        {[...EQ_PRESETS, { id: CUSTOM_EQ_ID, name: '自定义' }].map((p) => (
          <label key={p.id} className={styles.chip}>
            <input type="radio" name={name} value={p.id} checked={preset === p.id} onChange={() => setEqPreset(p.id)} />
            <span>{p.name}</span>
          </label>
        ))}
      </div>
      <div className={styles.bands}>
        {EQ_BANDS.map((hz, i) => {
          const db = gains[i] ?? 0;
          return (
            <div key={hz} className={styles.band}>
              <output className={styles.bandValue}>{dbLabel(db)}</output>
              <input
                type="range"
                className={`${styles.range} ${styles.vertical}`}
                aria-label={`${bandLabel(hz)}Hz`}
                aria-valuetext={`${dbLabel(db)} dB`}
                min={-EQ_MAX_DB}
                max={EQ_MAX_DB}
                step={0.5}
                value={db}
                style={rangeFill(db, -EQ_MAX_DB, EQ_MAX_DB)}
                onChange={(e) => setEqBand(i, Number(e.currentTarget.value))}
              />
              <span className={styles.bandLabel}>{bandLabel(hz)}</span>
            </div>
          );
        })}
      </div>
    </>
  );
}

function Speed() {
  const name = useId();
  const rate = useEffectsStore((s) => s.playbackRate);
  const setRate = useEffectsStore((s) => s.setPlaybackRate);
  return (
    <>
      <div className={styles.chips} role="radiogroup" aria-label="播放速度">
        {PLAYBACK_RATES.map((r) => (
          <label key={r} className={styles.chip}>
            <input type="radio" name={name} value={r} checked={rate === r} onChange={() => setRate(r)} />
            <span className={styles.latin}>{rateLabel(r)}</span>
          </label>
        ))}
      </div>
      <div className={styles.sliderRow}>
        <span className={`${styles.sliderLabel} ${styles.latin}`}>{rateLabel(MIN_PLAYBACK_RATE)}</span>
        <input
          type="range"
          className={styles.range}
          aria-label="自定义速度"
          min={MIN_PLAYBACK_RATE}
          max={MAX_PLAYBACK_RATE}
          step={0.05}
          value={rate}
          style={rangeFill(rate, MIN_PLAYBACK_RATE, MAX_PLAYBACK_RATE)}
          onChange={(e) => setRate(Number(e.currentTarget.value))}
        />
        <span className={`${styles.sliderLabel} ${styles.latin}`}>{rateLabel(MAX_PLAYBACK_RATE)}</span>
        <output className={`${styles.value} ${styles.latin}`}>{rateLabel(rate)}</output>
      </div>
      <p className={styles.note}>变速不变调</p>
    </>
  );
}

function OutputDevice() {
  const devices = useOutputDevices();
  const sinkId = useEffectsStore((s) => s.sinkId);
  const setSinkId = useEffectsStore((s) => s.setSinkId);
  // A saved device that is unplugged now still shows as chosen until the user picks another.
  const missing = sinkId !== '' && !devices.some((d) => d.id === sinkId);
  return (
    <select className={styles.select} aria-label="输出设备" value={sinkId} onChange={(e) => setSinkId(e.currentTarget.value)}>
      <option value="">系统默认</option>
      {devices.map((d) => (
        <option key={d.id} value={d.id}>
          {d.label}
        </option>
      ))}
      {missing ? <option value={sinkId}>已断开的设备</option> : null}
    </select>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** 音效: everything the effects panel and the settings page's 音效 section show. */
export function EffectsControls() {
  return (
    <div className={styles.controls}>
      <div className={styles.column}>
        <Section title="基础音效">
          <BasicEffects />
        </Section>
        <Section title="均衡器">
          <Equalizer />
        </Section>
        <Section title="播放速度">
          <Speed />
        </Section>
        {outputDeviceSupported() ? (
          <Section title="输出设备">
            <OutputDevice />
          </Section>
        ) : null}
      </div>
      <div className={styles.column}>
        <Section title="混响">
          <Reverbs />
        </Section>
      </div>
    </div>
  );
}
