import { startTransition, useEffect, useState } from 'react';
import { playIsStarting } from '../../../lib/play-press';

interface Options {
  initial?: number;
  step?: number;
  /** Distance in px between the page bottom and the viewport bottom that counts as "near". */
  threshold?: number;
}

function nearBottom(threshold: number): boolean {
  const page = document.documentElement;
  return window.innerHeight + window.scrollY >= page.scrollHeight - threshold;
}

/**
 * How many of `total` sections to render: `initial` at once, then `step` more each time the page
 * bottom comes within `threshold` px of the viewport bottom (also when the page is too short to
 * scroll, checked after each growth). Growing is a transition, so it never holds up what the
 * member does: after a click on a link just scrolled into view (the scroll event comes after the
 * click), the new sections are drawn in slices that let the next page's code run, rather than in
 * one block ahead of it; a navigation (also a transition) pending at once is drawn in their stead.
 * Nothing is added in the second after a press on Play, on a page about to give way to the player.
 */
export function useProgressiveCount(
  total: number,
  { initial = 1, step = 2, threshold = 50 }: Options = {},
): number {
  const [count, setCount] = useState(Math.min(initial, total));

  useEffect(() => {
    if (count >= total) return;
    let frame = 0;
    const check = () => {
      if (!nearBottom(threshold) || playIsStarting()) return;
      startTransition(() => setCount((current) => Math.min(current + step, total)));
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', schedule);
    };
  }, [count, total, step, threshold]);

  return count;
}
