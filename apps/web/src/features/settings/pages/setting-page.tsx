import { useEffect, type ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import { useScrollContainer } from '../../../components/scroll-container.tsx';
import type { Platform } from '../../../lib/platform.ts';
import { AppearanceSettings } from '../components/appearance-settings.tsx';
import { DownloadSettings } from '../components/download-settings.tsx';
import { ShortcutList } from '../components/shortcut-list.tsx';
import { SubsonicSettings } from '../components/subsonic-settings.tsx';
import styles from './setting-page.module.css';

/** The sections other features provide; the app layer passes them in (features never import each other). */
export interface SettingSlots {
  /** 播放源 */
  source: ReactNode;
  /** 音质 */
  quality: ReactNode;
  /** 播放: 音量均衡, 淡入淡出 */
  playback: ReactNode;
  /** 音效 */
  effect: ReactNode;
}

/** /setting/:location — each location is a section of the one page (/setting/source adds a play source). */
export const SETTING_SECTIONS = [
  { location: 'source', title: '播放源' },
  { location: 'quality', title: '音质' },
  { location: 'playback', title: '播放' },
  { location: 'effect', title: '音效' },
  { location: 'shortcut', title: '快捷键' },
  { location: 'download', title: '下载' },
  { location: 'appearance', title: '外观' },
  { location: 'subsonic', title: 'Subsonic' },
] as const;
type Location = (typeof SETTING_SECTIONS)[number]['location'];

const sectionId = (location: string) => `setting-${location}`;

/** Scrolls the chosen section to the top of the main area, after the shell has reset the scroll for the new path. */
function useScrollToSection(location: string) {
  const container = useScrollContainer();
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const section = document.getElementById(sectionId(location));
      const main = container?.current;
      if (!section || !main) return;
      // The first section keeps the page title in view.
      if (location === SETTING_SECTIONS[0].location) main.scrollTop = 0;
      else main.scrollTop += section.getBoundingClientRect().top - main.getBoundingClientRect().top - 16;
    });
    return () => cancelAnimationFrame(frame);
  }, [location, container]);
}

/** 设置: one page of sections; the menu on the left jumps to a section by its location. */
export function SettingPage({ slots, platform }: { slots: SettingSlots; platform: Platform }) {
  const { location = '' } = useParams();
  useScrollToSection(location);
  const content: Record<Location, ReactNode> = {
    source: slots.source,
    quality: slots.quality,
    playback: slots.playback,
    effect: slots.effect,
    shortcut: <ShortcutList />,
    download: <DownloadSettings platform={platform} />,
    appearance: <AppearanceSettings />,
    subsonic: <SubsonicSettings />,
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>设置</h1>
      <div className={styles.layout}>
        <nav className={styles.menu} aria-label="设置分类">
          {SETTING_SECTIONS.map((s) => (
            <NavLink
              key={s.location}
              to={`/setting/${s.location}`}
              className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
            >
              {s.title}
            </NavLink>
          ))}
        </nav>
        <div className={styles.sections}>
          {SETTING_SECTIONS.map((s) => (
            <section
              key={s.location}
              id={sectionId(s.location)}
              className={styles.section}
              aria-labelledby={`${sectionId(s.location)}-title`}
            >
              <h2 id={`${sectionId(s.location)}-title`} className={styles.heading}>
                {s.title}
              </h2>
              {content[s.location]}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
