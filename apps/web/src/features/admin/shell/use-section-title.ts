import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { appName } from '../../../lib/env';
import { sectionOf } from './admin-sections';

/** `Audit log · Console | Reeltime` for the section on screen. */
export function sectionTitle(pathname: string): string {
  return `${sectionOf(pathname)?.label ?? 'Console'} · Console | ${appName}`;
}

/**
 * Names the console's section in the page title. The root layout titles every page by path in
 * its own effect, which runs after this one on the same commit; the microtask runs after both,
 * so the console's names stay in its chunk instead of the member site's.
 */
export function useSectionTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    let current = true;
    queueMicrotask(() => {
      if (current) document.title = sectionTitle(pathname);
    });
    return () => {
      current = false;
    };
  }, [pathname]);
}
