import type { Db } from '../../db/connection';

export interface TokenOwner {
  id: number;
  user_id: number;
  last_used_at: number;
  is_admin: number;
  profile_id: number;
  is_kids: number;
  maturity_limit: string | null;
}

export function createTokenRepository(db: Db) {
  // Every member request runs this lookup: it is compiled once and run with the hash as its one parameter.
  const byHash = db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .innerJoin('profiles', 'profiles.id', 'api_tokens.profile_id')
    .select([
      'api_tokens.id',
      'api_tokens.user_id',
      'api_tokens.last_used_at',
      'users.is_admin',
      'api_tokens.profile_id',
      'profiles.is_kids',
      'profiles.maturity_limit',
    ])
    .where('api_tokens.token_hash', '=', '')
    // A token issued while its account was being disabled is refused all the same.
    .where('users.disabled_at', 'is', null)
    .limit(1)
    .compile();
  return {
    async insert(userId: number, profileId: number, tokenHash: string, now: number): Promise<number> {
      const row = await db
        .insertInto('api_tokens')
        .values({
          user_id: userId,
          profile_id: profileId,
          token_hash: tokenHash,
          created_at: now,
          last_used_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async findByHash(tokenHash: string): Promise<TokenOwner | undefined> {
      const result = await db.executeQuery<TokenOwner>({ ...byHash, parameters: [tokenHash, 1] });
      return result.rows[0];
    },
    async touch(id: number, now: number) {
      await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
    },
    async delete(id: number) {
      await db.deleteFrom('api_tokens').where('id', '=', id).execute();
    },
    async deleteAllOfUser(userId: number): Promise<number> {
      const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async countUsedSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('last_used_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async deleteAllOfUserExcept(userId: number, keepId: number | null) {
      let query = db.deleteFrom('api_tokens').where('user_id', '=', userId);
      if (keepId !== null) query = query.where('id', '!=', keepId);
      await query.execute();
    },
  };
}
