import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobQueue } from '../jobs/jobs.service';
import { createJobWorker, type JobWorker } from '../jobs/worker';
import { createMediaService, TRANSCODE_JOB, type MediaService } from './media.service';
import { signedMediaRoutes } from './media.routes';

export interface MediaRuntime {
  service: MediaService;
  queue: JobQueue;
  /** The in-process job worker; started with the app except under NODE_ENV=test. */
  worker: JobWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaRuntime;
  }
}

/**
 * Media: the signed route for private video folders, the media service (imports) and the
 * in-process worker that runs transcode jobs. Tests start the worker themselves (or run one job
 * with `app.media.worker.runJob(id)`), so nothing runs behind their back.
 */
export const mediaPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db, log } = app.ctx;
    const service = createMediaService({ config, db, log });
    const worker = createJobWorker(
      db,
      { [TRANSCODE_JOB]: service.transcodeHandler },
      { concurrency: config.media.workerConcurrency, log },
    );
    app.decorate('media', { service, queue: service.queue, worker });
    await app.register(signedMediaRoutes);
    if (config.env !== 'test') app.addHook('onReady', () => worker.start());
    // Before the database closes (onClose): running jobs are interrupted and go back to the queue.
    app.addHook('preClose', () => worker.stop());
  },
  { name: 'media', dependencies: ['context'] },
);
