import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MINUTE_MS } from '../../lib/time';
import { createProfileService } from './profile.service';

export const AVATAR_SWEEP_INTERVAL_MS = 6 * 60 * MINUTE_MS;

/** Deletes unused avatar files at start and then every few hours, without holding start or shutdown up. */
export const avatarSweepPlugin = fp(
  async (app: FastifyInstance) => {
    const profile = createProfileService(app.ctx);
    let running: Promise<void> = Promise.resolve();
    const sweep = () => {
      running = running.then(async () => {
        try {
          const deleted = await profile.sweepUnusedAvatars();
          if (deleted > 0) app.log.info({ deleted }, 'deleted unused avatar files');
        } catch (error) {
          app.log.warn({ err: error }, 'could not sweep unused avatar files');
        }
      });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', (done) => {
      sweep();
      timer = setInterval(sweep, AVATAR_SWEEP_INTERVAL_MS);
      timer.unref();
      done();
    });
    // preClose: before onClose hooks release the database.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'avatar-sweep', dependencies: ['context'] },
);
