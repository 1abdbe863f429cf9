import type { AdminEndpoints, AdminResponse, AdminRoute, Envelope } from '@reeltime/contract';
import { sendApiRequest, type QueryParams } from '../../lib/api-client';

type QueryValue = QueryParams[string];

/** What a call to `R` takes, from the contract's admin endpoint map. */
type AdminInput<R extends AdminRoute> = (AdminEndpoints[R] extends { body: infer Body }
  ? { body: Body | (AdminEndpoints[R] extends { multipart: true } ? FormData : never) }
  : { body?: never }) &
  (AdminEndpoints[R] extends { query: infer Query }
    ? { query?: { [Name in keyof Query]?: QueryValue } }
    : { query?: never }) &
  (AdminEndpoints[R] extends { params: infer Params }
    ? { params: { [Name in keyof Params]: string | number } }
    : { params?: never });

export type AdminCallOptions<R extends AdminRoute> = AdminInput<R> & { signal?: AbortSignal };

type OptionsArgument<Options> = object extends Options ? [options?: Options] : [options: Options];

function splitRoute(route: string): { method: string; path: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space), path: route.slice(space + 1) };
}

/** Calls admin operation `R` (`"<METHOD> <path>"`) and returns its whole success envelope. */
export async function adminRequest<R extends AdminRoute>(
  route: R,
  ...[options]: OptionsArgument<AdminCallOptions<R>>
): Promise<Envelope<AdminResponse<R>>> {
  const { method, path } = splitRoute(route);
  const envelope = await sendApiRequest(path, { ...(options as object), method });
  return envelope as Envelope<AdminResponse<R>>;
}

/** Calls admin operation `R` and unwraps `data`. */
export async function adminCall<R extends AdminRoute>(
  route: R,
  ...args: OptionsArgument<AdminCallOptions<R>>
): Promise<AdminResponse<R>> {
  return (await adminRequest(route, ...args)).data;
}
