import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmissionEndpoints } from '@reeltime/contract';
import { callEndpoint } from '../../../lib/api-client';
import { uploadForm, type UploadPercent } from '../../../lib/upload';
import type { SubmitMovieValues } from '../components/submit-movie-schema';

export const submissionsKey = ['submissions'] as const;

/** The multipart body of `POST /user/movie-detail-request`, with the field names the API takes. */
export function submissionForm(values: SubmitMovieValues): FormData {
  const form = new FormData();
  form.set('name', values.name);
  form.set('email', values.email);
  form.set('role', values.role);
  form.set('title', values.title);
  form.set('description', values.description ?? '');
  form.set('type', values.type ?? '');
  form.set('platform', values.platform ?? '');
  form.set('link', values.link);
  form.set('thumnail', values.thumbnail);
  values.cast.forEach((member, index) => {
    form.set(`cast[${index}][name]`, member.name);
    form.set(`cast[${index}][jobTitle]`, member.jobTitle);
    form.set(`cast[${index}][email]`, member.email ?? '');
    form.set(`cast[${index}][image]`, member.image);
  });
  return form;
}

/** Sends a submission with its files, reporting upload progress; the member's list is then stale. */
export function useSubmitMovie(onProgress: (percent: UploadPercent) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SubmitMovieValues) =>
      uploadForm(SubmissionEndpoints.submit, submissionForm(values), { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionsKey }),
  });
}

/** The member's own submissions with their review outcome. */
export function mySubmissionsQuery() {
  return queryOptions({
    queryKey: [...submissionsKey, 'mine'],
    queryFn: ({ signal }) => callEndpoint(SubmissionEndpoints.mine, { signal }),
  });
}
