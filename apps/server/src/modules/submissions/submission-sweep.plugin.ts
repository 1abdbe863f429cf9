import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MINUTE_MS } from '../../lib/time';
import { createSubmissionsService } from './submissions.service';

export const SUBMISSION_SWEEP_INTERVAL_MS = 6 * 60 * MINUTE_MS;

/** Deletes unused submission images at start and then every few hours, without holding start or shutdown up. */
export const submissionSweepPlugin = fp(
  async (app: FastifyInstance) => {
    const submissions = createSubmissionsService(app.ctx);
    let running: Promise<void> = Promise.resolve();
    const sweep = () => {
      running = running.then(async () => {
        try {
          const deleted = await submissions.sweepUnusedImages();
          if (deleted > 0) app.log.info({ deleted }, 'deleted unused submission images');
        } catch (error) {
          app.log.warn({ err: error }, 'could not sweep unused submission images');
        }
      });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', (done) => {
      sweep();
      timer = setInterval(sweep, SUBMISSION_SWEEP_INTERVAL_MS);
      timer.unref();
      done();
    });
    // preClose: before onClose hooks release the database.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'submission-sweep', dependencies: ['context'] },
);
