import { Button } from '../../../components/button.tsx';
import { CloseIcon } from '../../../components/icons.tsx';
import type { DownloadJob, JobStatus } from '../download-queue.ts';
import { cancelDownload, clearFinishedDownloads, retryDownload, useDownloadJobs, type SongToDownload } from '../downloads.ts';
import styles from './downloads.module.css';

const STATUS: Record<JobStatus, string> = {
  waiting: '等待中',
  downloading: '下载中',
  done: '已完成',
  failed: '下载失败',
  cancelled: '已取消',
};

function statusText(job: DownloadJob<SongToDownload>): string {
  if (job.status === 'downloading' && job.progress > 0) return `${STATUS.downloading} ${Math.round(job.progress * 100)}%`;
  if (job.status === 'failed' && job.error) return `${STATUS.failed}：${job.error}`;
  return STATUS[job.status];
}

/** The download queue: per-song progress, 取消 while waiting or downloading, 重试 after a failure. */
export function DownloadQueueList() {
  const jobs = useDownloadJobs();
  const unfinished = jobs.filter((j) => j.status !== 'done');
  if (unfinished.length === 0) return null;
  return (
    <section className={styles.queue} aria-label="下载队列">
      <header className={styles.queueHead}>
        <span>正在下载（{unfinished.filter((j) => j.status === 'waiting' || j.status === 'downloading').length}）</span>
        <button type="button" className={styles.link} onClick={clearFinishedDownloads}>
          清除已结束
        </button>
      </header>
      {unfinished.map((job) => (
        <div key={job.id} className={styles.job} data-testid="download-job" data-status={job.status}>
          <span className={styles.jobName}>{job.song.name}</span>
          <span
            className={styles.bar}
            role="progressbar"
            aria-label={`${job.song.name} 下载进度`}
            aria-valuenow={Math.round(job.progress * 100)}
          >
            <span style={{ width: `${Math.round(job.progress * 100)}%` }} />
          </span>
          <span className={`${styles.jobStatus} ${job.status === 'failed' ? styles.failed : ''}`}>{statusText(job)}</span>
          {job.status === 'failed' || job.status === 'cancelled' ? (
            <button type="button" className={styles.link} onClick={() => retryDownload(job.id)}>
              重试
            </button>
          ) : (
            <Button
              variant="icon"
              shape="square"
              size="xs"
              aria-label={`取消下载《${job.song.name}》`}
              onClick={() => cancelDownload(job.id)}
            >
              <CloseIcon size={14} />
            </Button>
          )}
        </div>
      ))}
    </section>
  );
}
