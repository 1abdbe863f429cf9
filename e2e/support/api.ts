import { expect, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { API } from './env';

export interface Account {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

/** A new, unique account (not yet registered). */
export function newAccount(label: string): Account {
  const unique = randomUUID().slice(0, 8);
  return {
    first_name: 'Test',
    last_name: `${label[0]!.toUpperCase()}${label.slice(1)}`,
    email: `${label}-${unique}@example.test`,
    password: `pass-${unique}`,
  };
}

/** Registers a new account through the API and returns it. */
export async function registerAccount(request: APIRequestContext, label: string): Promise<Account> {
  const account = newAccount(label);
  const response = await request.post(`${API}/register`, { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs in through the API: a token of its own, independent of any browser session. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; user: Record<string, unknown> }> {
  const response = await request.post(`${API}/login`, { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { api_token: string } & Record<string, unknown> };
  const { api_token: token, ...user } = data;
  return { token, user };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

/** The HTTP status of a member-only call made with `token`. */
export async function memberCallStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${API}/user/watch-list`, { headers: bearer(token) });
  return response.status();
}

export async function getData<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(`${API}${path}`, token ? { headers: bearer(token) } : {});
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}
