import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/fetch-mock';
import { suggestions } from '../../../testing/fixtures';
import { renderWithRouter, signIn } from '../../../testing/render';
import { SearchBox } from './search-box';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup(ui = <SearchBox />, path = '/browse') {
  const api = mockApi({ 'GET /user/search-list-dropdown': ok(suggestions) });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderWithRouter(ui, { path });
  return { api, user, ...view };
}

const location = () => screen.getByTestId('location').textContent;
const suggestionCalls = (api: ReturnType<typeof mockApi>) => api.calls('GET /user/search-list-dropdown');

describe('SearchBox', () => {
  beforeEach(() => {
    signIn();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for suggestions only after typing has paused for 300 ms', async () => {
    const { api, user } = setup();
    const input = screen.getByRole('combobox', { name: 'Search movies and TV shows' });

    await user.type(input, 'ni');
    await advance(299);
    expect(suggestionCalls(api)).toHaveLength(0);

    await advance(1);
    expect(suggestionCalls(api)).toHaveLength(1);
    expect(suggestionCalls(api)[0]?.url.searchParams.get('query')).toBe('ni');

    await advance(0);
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox')).toBeVisible();
  });

  it('does not ask for suggestions for blank text', async () => {
    const { api, user } = setup();
    await user.type(screen.getByRole('combobox'), '   ');
    await advance(1000);
    expect(suggestionCalls(api)).toHaveLength(0);
  });

  it('choosing a suggestion fills the box, closes the list, navigates and suppresses suggestions until typing', async () => {
    const { api, user } = setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'night');
    await advance(300);
    await user.click(await screen.findByRole('option', { name: 'Night Harbour' }));

    expect(input).toHaveValue('Night Harbour');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(location()).toBe('/search?q=Night%20Harbour');

    await advance(1000);
    expect(suggestionCalls(api)).toHaveLength(1);

    await user.type(input, ' 2');
    await advance(300);
    expect(suggestionCalls(api)).toHaveLength(2);
    expect(suggestionCalls(api)[1]?.url.searchParams.get('query')).toBe('Night Harbour 2');
  });

  it('moves through suggestions with the arrow keys and picks one with Enter', async () => {
    const { user } = setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'night');
    await advance(300);
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Night Shift' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);

    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Night Shift');
    expect(location()).toBe('/search?q=Night%20Shift');
  });

  it('Enter searches the trimmed text and is ignored when the text is blank', async () => {
    const { user } = setup();
    const input = screen.getByRole('combobox');

    await user.type(input, '   {Enter}');
    expect(location()).toBe('/browse');

    await user.clear(input);
    await user.type(input, ' dune {Enter}');
    expect(location()).toBe('/search?q=dune');
  });

  it('the clear button empties the box and resets to /search', async () => {
    const { user } = setup(<SearchBox initialText="dune" />, '/search?q=dune');
    const input = screen.getByRole('combobox');
    expect(input).toHaveValue('dune');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(input).toHaveValue('');
    expect(location()).toBe('/search');
  });

  it('the icon toggles the box open and closed and clears its text', async () => {
    const { user } = setup(<SearchBox collapsible />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open search' }));
    const input = screen.getByRole('combobox');
    expect(input).toHaveFocus();
    await user.type(input, 'abc');

    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open search' }));
    expect(screen.getByRole('combobox')).toHaveValue('');
  });
});
