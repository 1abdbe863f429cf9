import { sql, type Selectable } from 'kysely';
import type { MailStatus } from '@reeltime/contract';
import type { Db } from '../../db/connection';
import type { OutboxTable } from '../../db/database';
import type { Page } from '../../lib/page';
import { containing, inPage } from '../../db/sql-helpers';

export type OutboxRow = Selectable<OutboxTable>;
export type OutboxSummaryRow = Omit<OutboxRow, 'text_body' | 'html_body' | 'reply_to'>;

/** The outbox as the console reads it: newest first, by status and recipient. */
export function createMailOutboxRepository(db: Db) {
  return {
    async list(
      filter: { status: MailStatus | undefined; search: string },
      page: Page,
    ): Promise<{ rows: OutboxSummaryRow[]; total: number }> {
      let query = db.selectFrom('outbox');
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.search) {
        query = query.where(sql`lower(to_address)`, 'like', containing(filter.search));
      }
      const [rows, count] = await Promise.all([
        query
          .select([
            'id',
            'to_address',
            'subject',
            'status',
            'attempts',
            'last_error',
            'created_at',
            'sent_at',
          ])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .$call(inPage(page))
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    find: (id: number): Promise<OutboxRow | undefined> =>
      db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A failed message becomes pending again; false when it was not failed (any more). */
    async markPendingAgain(id: number): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending' })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
