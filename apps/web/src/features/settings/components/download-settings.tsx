import { useEffect, useId, useState } from 'react';
import { desktopBridge, isDesktop, type Platform } from '../../../lib/platform.ts';
import { useSettingsStore } from '../settings.store.ts';
import { Button } from '../../../components/button.tsx';
import styles from '../../../components/setting-form.module.css';

/** 下载: the download folder on the desktop; in a browser, songs are kept in its offline storage. */
export function DownloadSettings({ platform }: { platform: Platform }) {
  const id = useId();
  const downloadDir = useSettingsStore((s) => s.downloadDir);
  const setDownloadDir = useSettingsStore((s) => s.setDownloadDir);
  // The folder the shell uses when none is set here (the OS music folder + /Cloudtune).
  const [current, setCurrent] = useState('');
  useEffect(() => {
    if (isDesktop(platform))
      void desktopBridge()
        ?.downloads?.getDirectory()
        .then(setCurrent, () => undefined);
  }, [platform]);
  const choose = async () => {
    const picked = await desktopBridge()?.chooseFolder?.({ title: '下载目录', defaultPath: downloadDir || current || undefined });
    if (picked) setDownloadDir(picked);
  };
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
          placeholder={current || '系统“音乐”文件夹/Cloudtune'}
          spellCheck={false}
          onChange={(e) => setDownloadDir(e.currentTarget.value)}
        />
        {desktopBridge()?.chooseFolder ? (
          <Button variant="secondary" onClick={() => void choose()}>
            更改目录
          </Button>
        ) : null}
        <Button variant="secondary" disabled={!downloadDir} onClick={() => setDownloadDir('')}>
          恢复默认
        </Button>
      </div>
    </div>
  );
}
