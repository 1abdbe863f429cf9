import { AdminPeopleEndpoints, type AdminPerson } from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';
import { useAdminMutation, type AdminMutationFeedback } from '../../shell/components/use-admin-mutation';
import { libraryKeys } from './library-api';

const invalidate = [libraryKeys.people];

/** A new person (`id` null) or an edit: the dialog's form, with the photo when one was chosen. */
export interface PersonSave {
  id: number | null;
  form: FormData;
}

export function useSavePerson(feedback: AdminMutationFeedback<PersonSave, AdminPerson>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: ({ id, form }: PersonSave) =>
      id === null
        ? callEndpoint(AdminPeopleEndpoints.create, { body: form })
        : callEndpoint(AdminPeopleEndpoints.update, { params: { id }, body: form }),
    invalidate,
  });
}

export function useDeletePerson(feedback: AdminMutationFeedback<AdminPerson, null>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (person: AdminPerson) =>
      callEndpoint(AdminPeopleEndpoints.remove, { params: { id: person.id } }),
    invalidate,
  });
}
