import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { API_BASE, ServerMessages } from '@reeltime/contract';
import { createMemoryCache } from './adapters/cache/memory';
import { createMailer } from './adapters/mail/index';
import { createLocalImageStore } from './adapters/storage/images';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, migrateToLatest } from './db/connection';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { mediaPlugin } from './media/media.plugin';
import { createTokenService } from './modules/auth/token.service';
import { avatarSweepPlugin } from './modules/profile/avatar-sweep.plugin';
import { registerApiRoutes } from './routes';
import { authPlugin } from './plugins/auth';
import { contentTypesPlugin } from './plugins/content-types';
import { errorsPlugin } from './plugins/errors';
import { formsPlugin } from './plugins/forms';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textInputPlugin } from './plugins/text-input';
import { webPlugin } from './plugins/web';

export type App = FastifyInstance;

/** Builds the whole server from its config: database (migrated), adapters, plugins and routes. Never listens. */
export async function buildApp(config: Config): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization'],
            // Readable lines for a person at a terminal in development; JSON lines everywhere else.
            ...(config.prettyLogs
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract: config.env !== 'production' }));

  const { db, dialect } = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const mailer = createMailer(config, db);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    mailer,
    cache: createMemoryCache(),
    tokens: createTokenService(db, config.tokenPepper),
    images: createLocalImageStore(path.join(config.dataDir, 'media'), ServerMessages.unsupportedMedia),
    log: app.log,
  };
  app.decorate('ctx', ctx);
  await app.register(fp(async () => {}, { name: 'context' }));
  app.addHook('onClose', async () => {
    await mailer.close();
    await db.destroy();
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(metricsPlugin);
  await app.register(healthPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(contentTypesPlugin);
  await app.register(formsPlugin);
  await app.register(textInputPlugin);
  await app.register(registerApiRoutes, { prefix: API_BASE });
  await app.register(mediaPlugin);
  await app.register(webPlugin);
  await app.register(avatarSweepPlugin);
  await app.ready();
  return app;
}
