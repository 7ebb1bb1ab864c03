import { useParams } from 'react-router';
import styles from './setting-page.module.css';

/** /setting/:location sections; `source` is where the no-URL notice sends the user (SPEC §8). */
const SECTIONS: Record<string, { title: string; lead: string }> = {
  source: { title: '播放源', lead: '添加播放源后，找不到播放链接的歌曲会从这里查找。' },
  download: { title: '下载设置', lead: '下载目录与下载音质。' },
};

/** 设置: the settings screen's frame; each section's form arrives with its own issue. */
export function SettingPage() {
  const { location = '' } = useParams();
  const section = SECTIONS[location];
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>设置</h1>
      <section className={styles.section} aria-labelledby="setting-section">
        <h2 id="setting-section">{section?.title ?? '常规'}</h2>
        {section ? <p>{section.lead}</p> : null}
      </section>
    </div>
  );
}
