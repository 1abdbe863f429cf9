import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/** The one logger of a process: JSON lines, or readable lines for a person at a terminal. */
export function createLogger(config: Pick<Config, 'logLevel' | 'prettyLogs'>): FastifyBaseLogger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization'],
    ...(config.prettyLogs
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
