import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type UrlValues = Record<string, string>;

export interface UrlState<T extends UrlValues> {
  /** Every key, from the URL or its default. */
  values: T;
  /**
   * Changes some keys. A key set to its default leaves the URL; any change other than `page`
   * sends the list back to page 1, since the old page may not exist in the new result.
   */
  set: (patch: Partial<T>) => void;
  /** Back to the defaults (keeps keys the state does not own). */
  reset: () => void;
}

/**
 * A list's page, sort and filters kept in the URL's search params, so a reload, the back
 * button and a shared link show the same list. Values are strings; `defaults` lists the keys.
 */
export function useUrlState<T extends UrlValues>(defaults: T): UrlState<T> {
  const [params, setParams] = useSearchParams();
  // Callers usually pass a literal; key on its content so the memo holds across renders.
  const defaultsKey = JSON.stringify(defaults);

  const values = useMemo(() => {
    const stable = JSON.parse(defaultsKey) as T;
    const result: UrlValues = {};
    for (const key of Object.keys(stable)) result[key] = params.get(key) ?? stable[key]!;
    return result as T;
  }, [params, defaultsKey]);

  const set = useCallback(
    (patch: Partial<T>) => {
      const stable = JSON.parse(defaultsKey) as T;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === stable[key]) next.delete(key);
            else next.set(key, value);
          }
          const onlyPage = Object.keys(patch).every((key) => key === 'page');
          if (!onlyPage && 'page' in stable) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams, defaultsKey],
  );

  const reset = useCallback(() => {
    const stable = JSON.parse(defaultsKey) as T;
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of Object.keys(stable)) next.delete(key);
      return next;
    });
  }, [setParams, defaultsKey]);

  return { values, set, reset };
}

/** A page number from the URL: a positive integer, else 1. */
export function pageNumber(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
