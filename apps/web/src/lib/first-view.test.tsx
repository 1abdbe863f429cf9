import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEWS } from '../../first-views';
import { mockApi } from '../testing/fetch-mock';
import { renderApp } from '../testing/render';
import { takeFirstView } from './first-view';

function type(input: HTMLInputElement, value: string): void {
  input.focus();
  input.value = value;
  fireEvent.input(input);
}

describe('the sign-in page drawn from the HTML', () => {
  it('keeps what was typed into it before its code had loaded, and the field that had the focus', async () => {
    mockApi();
    // The server's first view, taken before React renders, then typed into and replaced.
    const root = document.createElement('div');
    root.innerHTML = FIRST_VIEWS.login.replaceAll('__APP_NAME__', 'Reeltime');
    document.body.append(root);
    takeFirstView(root);
    type(root.querySelector<HTMLInputElement>('input[name="password"]')!, 'member123');
    type(root.querySelector<HTMLInputElement>('input[name="email"]')!, 'asha@example.com');
    root.remove();

    const { container } = renderApp('/login');
    const page = within(container);
    // The router draws the first view again until the page's code is in, then the page's own form.
    await waitFor(() => expect(container.querySelector('[data-first-view]')).toBeNull(), { timeout: 15_000 });
    const email = page.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('asha@example.com'));
    expect(page.getByLabelText('Password')).toHaveValue('member123');
    expect(email).toHaveFocus();
    await waitFor(() => expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled());
  });

  it('starts empty on a later visit, once the form has taken what was typed', async () => {
    mockApi();
    const { container } = renderApp('/login');
    // The page's own form, once its code is in (a cold lazy import on a busy machine can take a while).
    await waitFor(() => expect(container.querySelector('[data-first-view]')).toBeNull(), { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(container).getByLabelText('Email')).toHaveValue('');
  });
});
