import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema } from '@reeltime/contract';

/** The sign-in form's validation, a chunk of its own (see lazyResolver). */
export const loginResolver = zodResolver(LoginBodySchema);
