import { useId } from 'react';
import { useSettingsStore, type ColorScheme } from '../settings.store.ts';
import { THEME_SWATCHES } from '../theme-colors.ts';
import styles from '../../../components/setting-form.module.css';

const SCHEMES: readonly { id: ColorScheme; name: string }[] = [
  { id: 'light', name: '浅色' },
  { id: 'dark', name: '深色' },
];

/** 外观: theme colour (swatches or any colour) and light/dark. */
export function AppearanceSettings() {
  const name = useId();
  const themeColor = useSettingsStore((s) => s.themeColor);
  const colorScheme = useSettingsStore((s) => s.colorScheme);
  const { setThemeColor, setColorScheme } = useSettingsStore.getState();
  const custom = !THEME_SWATCHES.some((s) => s.color === themeColor);
  return (
    <>
      <div className={styles.field}>
        <span className={styles.label} id={`${name}-theme`}>
          主题色
        </span>
        <div className={styles.swatches} role="radiogroup" aria-labelledby={`${name}-theme`}>
          {THEME_SWATCHES.map((s, i) => (
            <label key={s.color} className={styles.swatch} style={{ background: s.color }} title={s.name}>
              <input
                type="radio"
                name={`${name}-color`}
                aria-label={i === 0 ? `${s.name}（默认）` : s.name}
                checked={themeColor === s.color}
                onChange={() => setThemeColor(s.color)}
              />
            </label>
          ))}
          <label className={`${styles.swatch} ${styles.customSwatch} ${custom ? styles.customChosen : ''}`} title="自定义">
            <input type="color" aria-label="自定义主题色" value={themeColor} onChange={(e) => setThemeColor(e.currentTarget.value)} />
          </label>
          <output className={styles.hex}>{themeColor}</output>
        </div>
      </div>
      <div className={styles.field}>
        <span className={styles.label} id={`${name}-scheme`}>
          明暗
        </span>
        <div className={styles.options} role="radiogroup" aria-labelledby={`${name}-scheme`}>
          {SCHEMES.map((s) => (
            <label key={s.id} className={styles.option}>
              <input type="radio" name={`${name}-scheme`} checked={colorScheme === s.id} onChange={() => setColorScheme(s.id)} />
              <span>{s.name}</span>
            </label>
          ))}
        </div>
      </div>
    </>
  );
}
