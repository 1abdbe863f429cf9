import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose validation code (zod and the form's schema, some 25 kB gzipped) is loaded
 * apart from the page, so the page draws without it: `load` runs on the first validation or on
 * `preload`, whichever comes first, and again after a failed load.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): { resolver: Resolver<Values>; preload: () => void } {
  let pending: Promise<Resolver<Values>> | undefined;
  const loaded = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => void loaded().catch(() => undefined),
  };
}
