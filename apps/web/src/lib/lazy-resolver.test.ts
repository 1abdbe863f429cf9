import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the validation once, on preload or the first validation, and validates with it', async () => {
    const load = vi.fn(async () => valid);
    const { resolver, preload } = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    await expect(resolver({ email: 'a@b.c' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.c' },
      errors: {},
    });
    await resolver({ email: 'x@y.z' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(valid);
    const { resolver } = lazyResolver<Values>(load);
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: '' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
