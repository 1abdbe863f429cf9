import type { BadCase } from './bad-case';
import { bodyCases } from './body-cases';
import { encodingCases } from './encoding-cases';
import { headerCases } from './header-cases';
import { multipartCases } from './multipart-cases';
import type { Operation } from './operations';
import { tusCases } from './tus-cases';
import { urlCases } from './url-cases';

/** Every malformed request of every generator for every operation. */
export function allCases(operations: Operation[], options: { uploadId?: string } = {}): BadCase[] {
  return operations.flatMap((operation) => [
    ...bodyCases(operation),
    ...encodingCases(operation),
    ...multipartCases(operation),
    ...urlCases(operation),
    ...headerCases(operation),
    ...tusCases(operation, options.uploadId),
  ]);
}
