/**
 * The download queue (下载管理): songs wait, download one or a few at a time, report progress,
 * and can be cancelled or retried. How a song is fetched and kept is injected (the browser keeps
 * it in Cache Storage, the desktop shell writes a file), so the queue's rules are tested alone.
 */
export type JobStatus = 'waiting' | 'downloading' | 'done' | 'failed' | 'cancelled';

export interface DownloadJob<S> {
  id: number;
  song: S;
  status: JobStatus;
  /** 0..1; 0 while the size is unknown */
  progress: number;
  /** why it failed, in words for the user */
  error?: string;
}

export interface RunContext {
  signal: AbortSignal;
  /** bytes received of total (total 0 = unknown) */
  onProgress: (received: number, total: number) => void;
}

export type Runner<S, R> = (song: S, context: RunContext) => Promise<R>;

export interface QueueOptions<S, R> {
  run: Runner<S, R>;
  /** called once per song that finished */
  onDone: (song: S, result: R) => void;
  /** songs downloading at once (default 2) */
  concurrency?: number;
}

export interface DownloadQueue<S> {
  /** queues songs; a song already waiting or downloading is not queued twice; returns the ids queued */
  add: (songs: readonly S[]) => number[];
  cancel: (id: number) => void;
  /** a failed or cancelled song goes back to the queue */
  retry: (id: number) => void;
  /** forgets finished, failed and cancelled entries */
  clearFinished: () => void;
  jobs: () => readonly DownloadJob<S>[];
  subscribe: (listener: () => void) => () => void;
}

const ACTIVE: ReadonlySet<JobStatus> = new Set(['waiting', 'downloading']);

export function createDownloadQueue<S extends { id: number }, R>({ run, onDone, concurrency = 2 }: QueueOptions<S, R>): DownloadQueue<S> {
  let jobs: DownloadJob<S>[] = [];
  const controllers = new Map<number, AbortController>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  /** jobs is replaced on every change, so React's useSyncExternalStore sees a new snapshot */
  const update = (id: number, patch: Partial<DownloadJob<S>>) => {
    jobs = jobs.map((job) => (job.id === id ? { ...job, ...patch } : job));
    emit();
  };
  const find = (id: number) => jobs.find((job) => job.id === id);

  function pump(): void {
    while (jobs.filter((j) => j.status === 'downloading').length < concurrency) {
      const job = jobs.find((j) => j.status === 'waiting');
      if (!job) return;
      start(job);
    }
  }

  function start(job: DownloadJob<S>): void {
    const controller = new AbortController();
    controllers.set(job.id, controller);
    update(job.id, { status: 'downloading', progress: 0, error: undefined });
    let lastShown = 0;
    const onProgress = (received: number, total: number) => {
      if (controller.signal.aborted || total <= 0) return;
      const progress = Math.min(1, received / total);
      // Whole per cents only: a fast download would otherwise re-render on every chunk.
      if (progress - lastShown < 0.01 && progress < 1) return;
      lastShown = progress;
      update(job.id, { progress });
    };
    run(job.song, { signal: controller.signal, onProgress }).then(
      (result) => {
        controllers.delete(job.id);
        if (controller.signal.aborted) return;
        update(job.id, { status: 'done', progress: 1 });
        onDone(job.song, result);
        pump();
      },
      (error: unknown) => {
        controllers.delete(job.id);
        if (controller.signal.aborted) return;
        update(job.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
        pump();
      },
    );
  }

  return {
    add(songs) {
      const added: number[] = [];
      for (const song of songs) {
        const existing = find(song.id);
        if (existing && ACTIVE.has(existing.status)) continue;
        jobs = [...jobs.filter((j) => j.id !== song.id), { id: song.id, song, status: 'waiting', progress: 0 }];
        added.push(song.id);
      }
      if (added.length) emit();
      pump();
      return added;
    },
    cancel(id) {
      const job = find(id);
      if (!job || !ACTIVE.has(job.status)) return;
      controllers.get(id)?.abort();
      controllers.delete(id);
      update(id, { status: 'cancelled', progress: 0 });
      pump();
    },
    retry(id) {
      const job = find(id);
      if (!job || (job.status !== 'failed' && job.status !== 'cancelled')) return;
      update(id, { status: 'waiting', progress: 0, error: undefined });
      pump();
    },
    clearFinished() {
      jobs = jobs.filter((j) => ACTIVE.has(j.status));
      emit();
    },
    jobs: () => jobs,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
