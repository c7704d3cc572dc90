import { randomUUID } from 'node:crypto';
import type { Action, Subject } from '@portal/domain/access/permissions';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client.ts';
import { type Logger, publish, silentLogger } from './events.ts';
import {
  bossOnPool,
  bossWithin,
  findJobProgress,
  insertJobProgress,
  insertJobProgressRows,
  type JobProgressChange,
  type JobProgressRow,
  updateJobProgress,
} from './jobs.queries.ts';

// Long work (imports, commission steps, exports, dispatch) runs as a pg-boss job in the same
// database (schema `pgboss`), so it survives a restart and is shared by every server process.
// Beside each job a `job_progress` row holds what the page shows: state, stage, percent, message
// and result; each change is also published on `job.{id}` to the user who started it.

export type JobState = 'queued' | 'running' | 'completed' | 'failed';
export type { JobProgressRow };

/** Reports progress: a stage name, 0–100 percent and an optional line for the user. */
export type ReportProgress = (stage: string, percent: number, message?: string) => Promise<void>;

export interface JobContext {
  jobId: string;
  queue: string;
  startedByUserId: number | null;
  /** 0 on the first run, 1 on the first retry, … */
  retryCount: number;
}

/** Does the work; what it returns (JSON) becomes the job's `result`; what it throws, its `message`. */
export type JobHandler<T> = (data: T, progress: ReportProgress, context: JobContext) => Promise<unknown> | unknown;

export interface QueueOptions {
  /** Further attempts after a failure (default 0: a failed job stays failed). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay after each further failure. */
  retryBackoff?: boolean;
  /** How long one run may take before pg-boss gives up on it (default 1 hour). */
  expireInSeconds?: number;
  /** Jobs of this queue one process runs at a time (default 1). */
  concurrency?: number;
  /**
   * Who besides its starter may follow a job of this queue on /api/jobs/{id}: those allowed this
   * action (the screen that shows the job). Without it, the starter alone: a result may name people.
   */
  followedBy?: { action: Action; subject: Subject };
}

export interface EnqueueOptions {
  startedByUserId?: number | null;
}

export interface Jobs {
  /** Registers the handler of a queue; its workers run once the queue is started (or at once if it is). */
  define<T extends object>(queue: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /**
   * Creates the progress row (queued) and the pg-boss job in one transaction of its own; returns the
   * job id. Call it after committing the records the job works on, or the job may not see them.
   */
  enqueue<T extends object>(queue: string, data: T, options?: EnqueueOptions): Promise<string>;
  /**
   * Creates the progress row and the job with `executor`, the caller's open transaction: the job
   * exists exactly when the records it works on do. Idle workers see it at their next poll (or at
   * once after `wake`, once the caller has committed).
   */
  enqueueWithin<T extends object>(
    executor: Executor,
    queue: string,
    data: T,
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * `enqueueWithin` for many jobs of one queue at once: their progress rows in one statement and
   * the jobs in one more, whatever their number (a batch of outbox deliveries). Ids in order.
   */
  enqueueManyWithin<T extends object>(
    executor: Executor,
    queue: string,
    data: readonly T[],
    options?: EnqueueOptions,
  ): Promise<string[]>;
  /** Wakes this process's idle workers of a queue (after committing what `enqueueWithin` wrote). */
  wake(queue: string): void;
  /**
   * Runs a defined queue on a cron schedule (UTC), kept by pg-boss in the database so one process
   * of many sends each run; applied when the queue starts (pg-boss's `schedule: false`, as in
   * tests, leaves it unsent: tests call `runNow`).
   */
  schedule(queue: string, cron: string): void;
  /**
   * Runs a defined handler here and now, without pg-boss, with the same progress row and states;
   * for tests of modules whose work runs as a job. Returns the final row.
   */
  runNow<T extends object>(queue: string, data: T, options?: EnqueueOptions): Promise<JobProgressRow>;
  get(jobId: string): Promise<JobProgressRow | undefined>;
  /** Who besides its starter may follow a job of the queue (its definition's `followedBy`). */
  followersOf(queue: string): QueueOptions['followedBy'];
  /** Starts pg-boss (creating or migrating its schema) and the workers; idempotent. */
  start(): Promise<void>;
  /** Stops taking jobs, waits briefly for running ones, marks any still running as failed. */
  stop(): Promise<void>;
}

export interface JobsOptions {
  db: Database;
  logger?: Logger;
  /** How often idle workers look for work (seconds, at least 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs (default 10 s). */
  stopTimeoutMs?: number;
  /** Passed to pg-boss as is (e.g. `{ schedule: false }`). */
  boss?: Partial<PgBoss.ConstructorOptions>;
}

const QUEUE_NAME = /^[a-z][a-z0-9_.-]{0,63}$/;
const DEFAULT_EXPIRE_SECONDS = 60 * 60;
/** Same-stage progress within this window is not written again (a handler may report per row). */
const PROGRESS_THROTTLE_MS = 250;

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || 'The job failed.';
}

/** A result as it will read back from jsonb (undefined becomes null). */
function jsonResult(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

export function createJobs(options: JobsOptions): Jobs {
  const { db } = options;
  const logger = options.logger ?? silentLogger;
  const definitions = new Map<string, { handler: JobHandler<object>; options: QueueOptions }>();
  const createdQueues = new Map<string, Promise<void>>();
  const workerIds = new Map<string, string[]>();
  const running = new Set<string>();
  const schedules = new Map<string, string>();

  const boss = new PgBoss({
    db: bossOnPool(db),
    schema: 'pgboss',
    retryLimit: 0,
    expireInSeconds: DEFAULT_EXPIRE_SECONDS,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
    ...options.boss,
  });
  boss.on('error', (error) => logger.error(`job queue: ${messageOf(error)}`));

  let starting: Promise<void> | undefined;
  let started = false;
  let stopped = false;

  function assertQueue(queue: string): void {
    if (!QUEUE_NAME.test(queue)) throw new Error(`invalid queue name: ${queue}`);
  }

  // One createQueue at a time: pg-boss creates a table per queue, and two at once on a fresh
  // database can deadlock (queues defined while routes register all start their workers together).
  let queueCreation: Promise<unknown> = Promise.resolve();
  function ensureQueue(queue: string): Promise<void> {
    let created = createdQueues.get(queue);
    if (!created) {
      created = queueCreation.then(() => boss.createQueue(queue, { name: queue }));
      queueCreation = created.catch(() => {});
      created.catch(() => createdQueues.delete(queue));
      createdQueues.set(queue, created);
    }
    return created;
  }

  async function publishJob(
    row: Pick<JobProgressRow, 'jobId' | 'state' | 'stage' | 'percent' | 'message' | 'startedByUserId'>,
  ) {
    if (row.startedByUserId === null) return;
    await publish(db, `job.${row.jobId}`, {
      type: 'job.progress',
      userId: row.startedByUserId,
      data: {
        jobId: row.jobId,
        state: row.state,
        stage: row.stage,
        percent: row.percent,
        message: row.message ? row.message.slice(0, 200) : null,
      },
    }).catch((error) => logger.warn(`job ${row.jobId}: could not publish progress: ${messageOf(error)}`));
  }

  async function update(jobId: string, values: JobProgressChange, onlyWhileRunning = false) {
    const row = await updateJobProgress(db, jobId, values, onlyWhileRunning);
    if (row) await publishJob(row);
    return row;
  }

  /** One run of a job: running → handler → completed / failed (or queued again when it will retry). */
  async function execute(
    queue: string,
    jobId: string,
    data: object,
    meta: { retryCount: number; retryLimit: number },
  ): Promise<JobProgressRow> {
    const definition = definitions.get(queue);
    if (!definition) throw new Error(`no handler for queue ${queue}`);
    running.add(jobId);
    try {
      // The row normally exists (enqueue made it); a job sent by other means gets one here.
      await insertJobProgress(db, { jobId, queue }, { ifMissing: true });
      const startedRow = await update(jobId, { state: 'running', stage: 'started', percent: 0, message: null });
      const startedByUserId = startedRow?.startedByUserId ?? null;

      let last = { stage: 'started', percent: 0, message: null as string | null, at: 0 };
      const progress: ReportProgress = async (stage, percent, message) => {
        const clamped = Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));
        const text = message ?? null;
        const now = Date.now();
        if (stage === last.stage && clamped === last.percent && text === last.message) return;
        if (stage === last.stage && now - last.at < PROGRESS_THROTTLE_MS && clamped < 100) return;
        last = { stage, percent: clamped, message: text, at: now };
        await update(jobId, { stage, percent: clamped, message: text }, true);
      };

      try {
        const result = await definition.handler(data, progress, {
          jobId,
          queue,
          startedByUserId,
          retryCount: meta.retryCount,
        });
        return (await update(jobId, {
          state: 'completed',
          stage: 'completed',
          percent: 100,
          result: jsonResult(result),
        }))!;
      } catch (error) {
        const willRetry = meta.retryCount < meta.retryLimit;
        await update(jobId, {
          state: willRetry ? 'queued' : 'failed',
          message: willRetry ? `Retrying after an error: ${messageOf(error)}` : messageOf(error),
        });
        // Thrown on so pg-boss records the failure (and retries when it may).
        throw error;
      }
    } finally {
      running.delete(jobId);
    }
  }

  const working = new Set<string>();

  function sendOptions(queue: string, jobId: string): PgBoss.SendOptions {
    const queueOptions = definitions.get(queue)?.options ?? {};
    return {
      id: jobId,
      retryLimit: queueOptions.retryLimit ?? 0,
      ...(queueOptions.retryDelaySeconds !== undefined ? { retryDelay: queueOptions.retryDelaySeconds } : {}),
      ...(queueOptions.retryBackoff ? { retryBackoff: true } : {}),
      expireInSeconds: queueOptions.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
    };
  }

  function wake(queue: string): void {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  }

  async function work(queue: string): Promise<void> {
    if (working.has(queue)) return;
    working.add(queue);
    const definition = definitions.get(queue)!;
    try {
      await ensureQueue(queue);
    } catch (error) {
      // Not working yet: the next start() or define() tries again.
      working.delete(queue);
      throw error;
    }
    const ids: string[] = [];
    for (let i = 0; i < Math.max(1, definition.options.concurrency ?? 1); i++) {
      const id = await boss.work<object>(queue, { batchSize: 1, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        await execute(queue, job.id, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
      });
      ids.push(id);
    }
    workerIds.set(queue, ids);
  }

  async function applySchedule(queue: string, cron: string): Promise<void> {
    await ensureQueue(queue);
    await boss.schedule(queue, cron, {}, { tz: 'UTC' });
  }

  async function startBoss(): Promise<void> {
    if (stopped) throw new Error('the job queue has been stopped');
    await boss.start();
    started = true;
    for (const queue of definitions.keys()) await work(queue);
    for (const [queue, cron] of schedules) await applySchedule(queue, cron);
  }

  function start(): Promise<void> {
    starting ??= startBoss().catch((error) => {
      starting = undefined;
      throw error;
    });
    return starting;
  }

  return {
    define(queue, handler, queueOptions = {}) {
      assertQueue(queue);
      if (definitions.has(queue)) throw new Error(`queue ${queue} is already defined`);
      definitions.set(queue, { handler: handler as JobHandler<object>, options: queueOptions });
      if (started && !stopped) {
        work(queue).catch((error) => logger.error(`job queue ${queue}: workers did not start: ${messageOf(error)}`));
      }
    },

    async enqueue(queue, data, enqueueOptions = {}) {
      assertQueue(queue);
      await start();
      await ensureQueue(queue);
      const jobId = randomUUID();
      await db.transaction(async (tx) => {
        await insertJobProgress(tx, { jobId, queue, startedByUserId: enqueueOptions.startedByUserId ?? null });
        await boss.send(queue, data, { ...sendOptions(queue, jobId), db: bossWithin(tx) });
      });
      // Wake this process's idle workers for the queue instead of waiting for their next poll.
      wake(queue);
      return jobId;
    },

    async enqueueWithin(executor, queue, data, enqueueOptions = {}) {
      assertQueue(queue);
      await start();
      await ensureQueue(queue);
      const jobId = randomUUID();
      await insertJobProgress(executor, { jobId, queue, startedByUserId: enqueueOptions.startedByUserId ?? null });
      await boss.send(queue, data, { ...sendOptions(queue, jobId), db: bossWithin(executor) });
      return jobId;
    },

    async enqueueManyWithin(executor, queue, data, enqueueOptions = {}) {
      assertQueue(queue);
      if (!data.length) return [];
      await start();
      await ensureQueue(queue);
      const jobIds = data.map(() => randomUUID());
      const startedByUserId = enqueueOptions.startedByUserId ?? null;
      await insertJobProgressRows(
        executor,
        jobIds.map((jobId) => ({ jobId, queue, startedByUserId })),
      );
      // The same options `send` gives each job (sendOptions), as pg-boss's bulk insert takes them.
      const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = sendOptions(queue, '');
      const shared = {
        name: queue,
        ...(retryLimit !== undefined ? { retryLimit } : {}),
        ...(retryDelay !== undefined ? { retryDelay } : {}),
        ...(retryBackoff !== undefined ? { retryBackoff } : {}),
        ...(expireInSeconds !== undefined ? { expireInSeconds } : {}),
      };
      await boss.insert(
        jobIds.map((id, i) => ({ ...shared, id, data: data[i] as object })),
        { db: bossWithin(executor) },
      );
      return jobIds;
    },

    wake,

    schedule(queue, cron) {
      assertQueue(queue);
      schedules.set(queue, cron);
      if (started && !stopped) {
        applySchedule(queue, cron).catch((error) =>
          logger.error(`job queue ${queue}: schedule not applied: ${messageOf(error)}`),
        );
      }
    },

    async runNow(queue, data, enqueueOptions = {}) {
      assertQueue(queue);
      if (!definitions.has(queue)) throw new Error(`no handler for queue ${queue}`);
      const jobId = randomUUID();
      await insertJobProgress(db, { jobId, queue, startedByUserId: enqueueOptions.startedByUserId ?? null });
      try {
        return await execute(queue, jobId, data, { retryCount: 0, retryLimit: 0 });
      } catch {
        // The failure is recorded on the row, as it would be for a queued job.
        return (await findJobProgress(db, jobId))!;
      }
    },

    async get(jobId) {
      return findJobProgress(db, jobId);
    },

    followersOf(queue) {
      return definitions.get(queue)?.options.followedBy;
    },

    start,

    async stop() {
      if (stopped) return;
      stopped = true;
      if (!starting) return;
      await starting.catch(() => {});
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs ?? 10_000 });
      // Anything still running here was cut off: say so rather than leave it "running" for ever.
      for (const jobId of running) {
        await update(jobId, { state: 'failed', message: 'The server stopped while this job was running.' }).catch(
          () => {},
        );
      }
    },
  };
}
