import { caseMaker, pathOf, queryOf, type BadCase } from './bad-case';
import {
  BAD_IDS,
  percentEncode,
  TRAVERSAL_SEGMENTS,
  TRAVERSAL_TAILS,
  UNICODE_ODDITIES,
} from './hostile-values';
import type { Operation } from './operations';
import { WRONG_TEXT_VALUES } from './schema-values';

/**
 * Malformed request targets: ids that are not ids, path parameters and wildcard tails that try to
 * leave their folder, query values of the wrong type or odd text, duplicated and bracketed query
 * parameters, and URLs far longer than any page would make.
 */

const INVALID_PERCENT = ['%C0%AE%C0%AE', '%FF%FE', '%ED%A0%80', '%E2%82', '%', '%zz', '%00'];

export function urlCases(operation: Operation): BadCase[] {
  const make = caseMaker(operation);
  const request = (target: string) => ({
    method: operation.method,
    target,
    headers: [] as Array<[string, string]>,
  });
  const cases: BadCase[] = [];

  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const at = (value: string) =>
      request(pathOf(operation, { [parameter.name]: value }) + queryOf(operation));
    if (parameter.name === '*') {
      for (const tail of TRAVERSAL_TAILS) cases.push(make('path traversal', `* = ${tail}`, at(tail)));
      continue;
    }
    for (const id of BAD_IDS) cases.push(make('bad id', `${parameter.name} = ${id}`, at(id)));
    for (const segment of TRAVERSAL_SEGMENTS)
      cases.push(make('path traversal', `${parameter.name} = ${segment}`, at(segment)));
    cases.push(make('long url', `${parameter.name}: 8 KB`, at('9'.repeat(8 * 1024))));
  }

  const path = pathOf(operation);
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  for (const parameter of queryParameters) {
    const name = encodeURIComponent(parameter.name);
    const withValue = (value: string) => request(path + queryOf(operation, [[name, value]], parameter.name));
    for (const value of WRONG_TEXT_VALUES)
      cases.push(make('wrong type', `?${parameter.name}=${value}`, withValue(encodeURIComponent(value))));
    for (const value of ['-1', '0', '99999999999999999999', '1.5', '1e3'])
      cases.push(make('bad id', `?${parameter.name}=${value}`, withValue(value)));
    for (const text of UNICODE_ODDITIES.slice(0, 6))
      cases.push(
        make('unicode', `?${parameter.name}=${JSON.stringify(text)}`, withValue(percentEncode(text))),
      );
    for (const value of INVALID_PERCENT)
      cases.push(make('unicode', `?${parameter.name}=${value}`, withValue(value)));
    cases.push(
      make('duplicated query', `${parameter.name} twice`, request(`${path}?${name}=1&${name}=2`)),
      make(
        'duplicated query',
        `${parameter.name} twice, one wrong`,
        request(`${path}?${name}=1&${name}=abc`),
      ),
      make('duplicated query', `${parameter.name}[]`, request(`${path}?${name}[]=1&${name}[]=2`)),
      make('duplicated query', `${parameter.name}[key]`, request(`${path}?${name}[a]=1&${name}[b][c]=2`)),
      make(
        'duplicated query',
        `${parameter.name} 1 000 times`,
        request(`${path}?${Array.from({ length: 1000 }, (_, i) => `${name}=${i}`).join('&')}`),
      ),
      make('huge string', `?${parameter.name}: 10 KB`, withValue('A'.repeat(10 * 1024))),
    );
  }
  cases.push(
    make(
      'duplicated query',
      'unknown parameters',
      request(
        `${path}${queryOf(operation, [
          ['unexpected', '1'],
          ['__proto__[is_admin]', 'true'],
          ['constructor[prototype][x]', '1'],
        ])}`,
      ),
    ),
    make('duplicated query', 'a bare ?&=&&', request(`${path}?&=&&`)),
    make('long url', 'a 12 KB query', request(`${path}?q=${'A'.repeat(12 * 1024)}`)),
    make('long url', 'a 64 KB query', request(`${path}?q=${'A'.repeat(64 * 1024)}`)),
    make('long url', '400 extra path segments', request(`${path}/${'a/'.repeat(400)}`)),
    make('long url', 'doubled slashes', request(path.replaceAll('/', '//'))),
    make('path traversal', 'dot segments before the path', request(`/api/v1/../../../etc/passwd/..${path}`)),
    make(
      'path traversal',
      'encoded dot segments in the path',
      request(
        path.startsWith('/api/v1/') ? path.replace('/api/v1/', '/api/v1/%2e%2e/%2e%2e/') : `/%2e%2e${path}`,
      ),
    ),
  );
  return cases;
}
