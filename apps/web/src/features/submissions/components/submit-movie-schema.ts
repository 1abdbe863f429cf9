import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  FormLimits,
  Messages,
  ServerMessages,
  SubmissionFieldsSchema,
  SubmissionFileLimits,
  type SUBMISSION_PLATFORMS,
  type SUBMISSION_ROLES,
} from '@reeltime/contract';

export const MAX_CAST_MEMBERS = FormLimits.maxListItems;

export interface CastMemberInput {
  name: string;
  jobTitle: string;
  email: string;
  image: File | null;
}

/** What the form holds: the contract's text fields (as typed) and the chosen pictures. */
export interface SubmitMovieInput {
  name: string;
  email: string;
  role: (typeof SUBMISSION_ROLES)[number] | '';
  title: string;
  description: string;
  type: string;
  platform: (typeof SUBMISSION_PLATFORMS)[number] | '';
  link: string;
  thumbnail: File | null;
  cast: CastMemberInput[];
}

/** What a valid form yields: the contract's parsed fields with every picture present. */
export interface SubmitMovieValues {
  name: string;
  email: string;
  role: (typeof SUBMISSION_ROLES)[number];
  title: string;
  description?: string | undefined;
  type?: string | undefined;
  platform?: (typeof SUBMISSION_PLATFORMS)[number] | undefined;
  link: string;
  thumbnail: File;
  cast: Array<{ name: string; jobTitle: string; email?: string | undefined; image: File }>;
}

export function emptyCastMember(): CastMemberInput {
  return { name: '', jobTitle: '', email: '', image: null };
}

const textResolver = zodResolver(SubmissionFieldsSchema);

type Errors = FieldErrors<SubmitMovieInput>;

/** The problem with a picture: missing, or larger than the server takes. */
function fileProblem(file: File | null, required: string, maxBytes: number, tooLarge: string) {
  if (!(file instanceof File)) return { type: 'required', message: required };
  if (file.size > maxBytes) return { type: 'maxSize', message: tooLarge };
  return null;
}

/** Required pictures within the upload limits, which the contract leaves to the server's file checks. */
function fileErrors(values: SubmitMovieInput, errors: Errors): boolean {
  let invalid = false;
  const thumbnail = fileProblem(
    values.thumbnail,
    Messages.thumbnailRequired,
    SubmissionFileLimits.thumbnailBytes,
    ServerMessages.thumbnailTooLarge,
  );
  if (thumbnail) {
    errors.thumbnail = thumbnail;
    invalid = true;
  }
  values.cast.forEach((member, index) => {
    const image = fileProblem(
      member.image,
      Messages.profileImageRequired,
      SubmissionFileLimits.castImageBytes,
      ServerMessages.castImageTooLarge,
    );
    if (!image) return;
    const castErrors = (Array.isArray(errors.cast) ? errors.cast : []) as NonNullable<Errors['cast']>;
    castErrors[index] = { ...castErrors[index], image };
    errors.cast = castErrors;
    invalid = true;
  });
  return invalid;
}

/**
 * Checks the text fields with the contract's schema (so every message is the contract's) and the
 * pictures here; a valid form yields the parsed fields with the pictures put back.
 */
export const submitMovieResolver: Resolver<SubmitMovieInput, unknown, SubmitMovieValues> = async (
  values,
  context,
  options,
) => {
  const text = await textResolver(values as never, context, options as never);
  const errors = { ...(text.errors as Errors) };
  const invalidFiles = fileErrors(values, errors);
  if (Object.keys(text.errors).length > 0 || invalidFiles) return { values: {}, errors };
  const parsed = text.values as Omit<SubmitMovieValues, 'thumbnail' | 'cast'> & {
    cast: Array<Omit<SubmitMovieValues['cast'][number], 'image'>>;
  };
  return {
    values: {
      ...parsed,
      thumbnail: values.thumbnail as File,
      cast: parsed.cast.map((member, index) => ({ ...member, image: values.cast[index]!.image as File })),
    },
    errors: {},
  };
};
