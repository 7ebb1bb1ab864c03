import { useId } from 'react';
import { isDesktop, type Platform } from '../../../lib/platform.ts';
import { useSettingsStore } from '../settings.store.ts';
import styles from '../../../components/setting-form.module.css';

/** 下载: the download folder on the desktop; in a browser, songs are kept in its offline storage. */
export function DownloadSettings({ platform }: { platform: Platform }) {
  const id = useId();
  const downloadDir = useSettingsStore((s) => s.downloadDir);
  const setDownloadDir = useSettingsStore((s) => s.setDownloadDir);
  if (!isDesktop(platform)) {
    return (
      <p className={styles.lead}>
        网页版下载的歌曲保存在浏览器的离线存储中，断网时也能播放；在下载管理中点击“保存到本地”，文件会存入浏览器的下载文件夹。
      </p>
    );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        下载目录
      </label>
      <div className={styles.inline}>
        <input
          id={id}
          className={styles.input}
          value={downloadDir}
          placeholder="系统“下载”文件夹"
          spellCheck={false}
          onChange={(e) => setDownloadDir(e.currentTarget.value)}
        />
        <button type="button" className={styles.button} disabled={!downloadDir} onClick={() => setDownloadDir('')}>
          恢复默认
        </button>
      </div>
    </div>
  );
}
