import type { FastifyBaseLogger } from 'fastify';
import type { ImageStore } from './adapters/storage/images';
import type { Cache } from './adapters/cache/cache';
import type { Mailer } from './adapters/mail/mailer';
import type { Config } from './config';
import type { Db, Dialect } from './db/connection';
import type { TokenService } from './modules/auth/token.service';

/** What every module needs, built once in buildApp and reachable as `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  cache: Cache;
  images: ImageStore;
  /** One per app, so a revocation anywhere reaches the cache of verified tokens. */
  tokens: TokenService;
  log: FastifyBaseLogger;
}

/** The member behind a valid bearer token. */
export interface AuthUser {
  id: number;
  isAdmin: boolean;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the auth plugin: null for visitors (and for a bad token on a public read). */
    user: AuthUser | null;
    /** Files of a multipart request, by field name; filled before validation. */
    uploads: Map<string, Buffer>;
  }
}
