import { describe, expect, it } from 'vitest';
import { apiGet } from '../lib/api-client';
import { assertEveryRequestMocked, mockApi, ok } from './fetch-mock';

describe('fetch mock', () => {
  it('fails the test on a call no mocked route answers, naming its method and path', async () => {
    mockApi({ 'GET /user/watch-list': ok([]) });

    await apiGet('/user/watch-list');
    expect(() => assertEveryRequestMocked()).not.toThrow();

    await expect(apiGet('/user/watch-lists')).rejects.toMatchObject({ status: 501 });
    expect(() => assertEveryRequestMocked()).toThrow(
      'Request no mocked route answered: GET /user/watch-lists',
    );
    // The check clears what it reported, so this test itself ends clean.
    expect(() => assertEveryRequestMocked()).not.toThrow();
  });
});
