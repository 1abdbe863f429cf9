import { describe, expect, it } from 'vitest';
import { keyTargetOf, shortcutFor } from './keyboard';

describe('player keyboard shortcuts', () => {
  it.each([
    [' ', { type: 'toggle-play' }],
    ['k', { type: 'toggle-play' }],
    ['K', { type: 'toggle-play' }],
    ['j', { type: 'seek-by', seconds: -10 }],
    ['l', { type: 'seek-by', seconds: 10 }],
    ['ArrowLeft', { type: 'seek-by', seconds: -5 }],
    ['ArrowRight', { type: 'seek-by', seconds: 5 }],
    ['ArrowUp', { type: 'volume-by', delta: 0.1 }],
    ['ArrowDown', { type: 'volume-by', delta: -0.1 }],
    ['f', { type: 'toggle-fullscreen' }],
    ['F', { type: 'toggle-fullscreen' }],
    ['m', { type: 'toggle-mute' }],
  ])('maps %j', (key, action) => {
    expect(shortcutFor({ key })).toEqual(action);
  });

  it('ignores other keys and anything with Ctrl, Cmd or Alt', () => {
    expect(shortcutFor({ key: 'x' })).toBeNull();
    expect(shortcutFor({ key: 'Enter' })).toBeNull();
    expect(shortcutFor({ key: 'f', ctrlKey: true })).toBeNull();
    expect(shortcutFor({ key: 'l', metaKey: true })).toBeNull();
    expect(shortcutFor({ key: 'k', altKey: true })).toBeNull();
  });

  it('leaves Space to buttons, arrows to range inputs and every key to text fields', () => {
    expect(shortcutFor({ key: ' ' }, 'button')).toBeNull();
    expect(shortcutFor({ key: 'k' }, 'button')).toEqual({ type: 'toggle-play' });
    expect(shortcutFor({ key: 'ArrowLeft' }, 'range')).toBeNull();
    expect(shortcutFor({ key: 'ArrowUp' }, 'range')).toBeNull();
    expect(shortcutFor({ key: 'm' }, 'range')).toEqual({ type: 'toggle-mute' });
    expect(shortcutFor({ key: 'k' }, 'text')).toBeNull();
    expect(shortcutFor({ key: ' ' }, 'text')).toBeNull();
  });

  it('classifies the element a key press came from', () => {
    const make = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      return host.firstElementChild;
    };
    expect(keyTargetOf(make('<input type="text">'))).toBe('text');
    expect(keyTargetOf(make('<input>'))).toBe('text');
    expect(keyTargetOf(make('<textarea></textarea>'))).toBe('text');
    expect(keyTargetOf(make('<select></select>'))).toBe('text');
    expect(keyTargetOf(make('<input type="range">'))).toBe('range');
    expect(keyTargetOf(make('<button>Play</button>'))).toBe('button');
    expect(keyTargetOf(make('<a href="/">x</a>'))).toBe('button');
    expect(keyTargetOf(make('<li role="menuitemradio">720p</li>'))).toBe('button');
    expect(keyTargetOf(make('<div role="slider" tabindex="0"></div>'))).toBe('other');
    expect(keyTargetOf(make('<div tabindex="-1"></div>'))).toBe('other');
    expect(keyTargetOf(null)).toBe('other');
  });
});
