import { startTransition, useEffect, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notePlayPress } from '../../../lib/play-press';
import { useProgressiveCount } from './use-progressive-count';

const PAGE_HEIGHT = 5000;
const mounted: number[] = [];

function Section({ index }: { index: number }) {
  useEffect(() => {
    mounted.push(index);
  }, [index]);
  return <p>Section {index}</p>;
}

function Sections() {
  const visible = useProgressiveCount(6, { initial: 1, step: 2, threshold: 50 });
  return Array.from({ length: visible }, (_, index) => <Section key={index} index={index} />);
}

/** The browse sections, and a way to leave them as a link's navigation does (a transition). */
function Page({ onLeave }: { onLeave: (leave: () => void) => void }) {
  const [left, setLeft] = useState(false);
  useEffect(() => onLeave(() => startTransition(() => setLeft(true))), [onLeave]);
  return left ? <p>Watching</p> : <Sections />;
}

/** Scrolls the window to `y`, the page being PAGE_HEIGHT px tall. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

describe('useProgressiveCount', () => {
  beforeEach(() => {
    mounted.length = 0;
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      value: PAGE_HEIGHT,
    });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  afterEach(() => {
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
    Reflect.deleteProperty(window, 'scrollY');
  });

  it('adds sections as the page bottom comes near', async () => {
    render(<Sections />);
    expect(screen.getAllByText(/^Section/)).toHaveLength(1);
    act(() => scrollTo(PAGE_HEIGHT - window.innerHeight - 10));
    expect(await screen.findAllByText(/^Section/)).toHaveLength(3);
  });

  it('adds none when the page is left by the click that came with the scroll', () => {
    // Clicking a link the pointer was scrolled onto: the scroll event comes with the navigation,
    // which takes the page down; new sections would only hold the next page up and fetch rows.
    let leave = () => undefined as void;
    render(<Page onLeave={(callback) => (leave = callback)} />);
    expect(mounted).toEqual([0]);
    act(() => {
      scrollTo(PAGE_HEIGHT - window.innerHeight - 10);
      leave();
    });
    expect(screen.getByText('Watching')).toBeDefined();
    expect(mounted).toEqual([0]);
  });

  it('adds none in the second after a press on Play, whose watch view is about to open', async () => {
    render(<Sections />);
    notePlayPress(7, null);
    act(() => scrollTo(PAGE_HEIGHT - window.innerHeight - 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mounted).toEqual([0]);

    // A press that led nowhere (a link opened in a new tab) holds the page up no longer.
    notePlayPress(7, null, performance.now() - 1500);
    act(() => scrollTo(PAGE_HEIGHT - window.innerHeight - 9));
    expect(await screen.findAllByText(/^Section/)).toHaveLength(3);
  });
});
