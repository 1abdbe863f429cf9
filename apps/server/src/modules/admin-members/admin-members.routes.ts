import type { FastifyInstance } from 'fastify';
import { AdminMembersEndpoints, AdminMembersMessages as Said } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createMembersService } from './members.service';

/** The console's members. */
export async function adminMembersRoutes(app: FastifyInstance): Promise<void> {
  const members = createMembersService(app.ctx);

  registerEndpoints(app, AdminMembersEndpoints, {
    list: async (request) => ok(await members.list(request.query)),
    detail: async (request) => ok(await members.detail(request.params.id)),
    disable: async (request) =>
      ok(await members.disable(request.user!.id, request.params.id), Said.memberDisabled),
    enable: async (request) =>
      ok(await members.enable(request.user!.id, request.params.id), Said.memberEnabled),
    grantAdmin: async (request) =>
      ok(await members.grantAdmin(request.user!.id, request.params.id), Said.adminGranted),
    revokeAdmin: async (request) =>
      ok(await members.revokeAdmin(request.user!.id, request.params.id), Said.adminRevoked),
    signOut: async (request) =>
      ok(await members.signOutEverywhere(request.user!.id, request.params.id), Said.signedOutEverywhere),
    clearProfilePin: async (request) =>
      ok(
        await members.clearProfilePin(request.user!.id, request.params.id, request.params.profileId),
        Said.profilePinCleared,
      ),
  });
}
