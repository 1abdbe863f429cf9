import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '@reeltime/contract';
import { createRuntime } from './app-context';
import type { Config } from './config';
import type { JobRunner } from './jobs/queue';
import { requireEndpointDefinitions } from './lib/endpoints';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { mediaPlugin } from './media/media.plugin';
import { withPublicMediaBase } from './media/public-media-urls';
import { registerApiRoutes } from './routes';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { contentTypesPlugin } from './plugins/content-types';
import { errorsPlugin } from './plugins/errors';
import { formsPlugin } from './plugins/forms';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textInputPlugin } from './plugins/text-input';
import { webPlugin } from './plugins/web';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's job runner: started with the app unless IN_PROCESS_WORKER is off (never in tests). */
    jobs: JobRunner;
  }
}

/** Builds the whole server from its config: the runtime (adapters, migrated database), plugins and routes. Never listens. */
export async function buildApp(config: Config): Promise<App> {
  const runtime = await createRuntime(config);
  const app = Fastify({
    loggerInstance: runtime.ctx.log,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  const publicMediaBase = config.mediaPublicBaseUrl;
  app.setSerializerCompiler(
    createResponseSerializerCompiler({
      checkContract: config.env !== 'production',
      // The database keeps `/media/<key>`; responses name the CDN of MEDIA_PUBLIC_BASE_URL.
      ...(publicMediaBase ? { mapPayload: (data) => withPublicMediaBase(data, publicMediaBase) } : {}),
    }),
  );

  app.decorate('ctx', runtime.ctx);
  app.decorate('jobs', runtime.jobs);
  await app.register(fp(async () => {}, { name: 'context' }));
  if (config.env !== 'test' && config.jobs.inProcess) app.addHook('onReady', () => runtime.jobs.start());
  // Running jobs are interrupted and go back to the queue before the database closes.
  app.addHook('preClose', () => runtime.jobs.stop());
  app.addHook('onClose', () => runtime.close());

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(rateLimit, { global: false, ...runtime.ctx.rateLimits.pluginOptions });
  await app.register(metricsPlugin);
  await app.register(healthPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(contentTypesPlugin);
  await app.register(formsPlugin);
  await app.register(textInputPlugin);
  requireEndpointDefinitions(app, API_BASE);
  await app.register(registerApiRoutes, { prefix: API_BASE });
  await app.register(runtime.paymentRoutes);
  await app.register(mediaPlugin);
  await app.register(webPlugin);
  await app.ready();
  return app;
}
