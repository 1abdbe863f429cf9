import { ServerMessages } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { createUserRepository } from '../users/user.repository';
import { castMessageMail } from './cast-mail';
import { createPeopleRepository } from '../people/people.repository';
import { siteIdentity } from '../site-settings/site-settings.service';

export function createCastMailService(ctx: AppContext) {
  const people = createPeopleRepository(ctx.db);
  const users = createUserRepository(ctx.db);
  return {
    /** Queues the member's message to the cast member's private address, which never leaves the server. */
    async send(userId: number, castId: number, message: string): Promise<void> {
      const person = await people.contact(castId);
      if (!person) throw new NotFound(ServerMessages.castNotFound);
      if (!person.email) throw new NotFound(ServerMessages.castHasNoEmail);
      const member = await users.findById(userId);
      if (!member) throw new NotFound();
      const sender = { name: `${member.first_name} ${member.last_name}`.trim(), email: member.email };
      const mail = castMessageMail(
        await siteIdentity(ctx),
        { name: person.name, email: person.email },
        sender,
        message,
      );
      // The outbox row and its delivery job land together.
      await ctx.db.transaction().execute((trx) => ctx.mail.send(mail, trx));
    },
  };
}
