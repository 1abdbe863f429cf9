import type { AuditEntry } from '@reeltime/contract';
import { auditDiff, printValue } from './audit-diff';

/** An entry's before and after as a readable diff, folded until asked for. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { changes, unchanged } = auditDiff(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-secondary">No recorded fields</span>;
  const summary = `${changes.length} ${changes.length === 1 ? 'field' : 'fields'} changed`;
  return (
    <details className="audit-changes">
      <summary>{summary}</summary>
      <table className="audit-changes__table">
        <caption className="visually-hidden">
          Changes of {entry.action} on {entry.entity_type} {entry.entity_id ?? ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className={`audit-changes__row audit-changes__row--${change.kind}`}>
              <th scope="row">
                <code>{change.field}</code>
              </th>
              <td className="audit-changes__before">
                {change.kind === 'added' ? <span className="visually-hidden">(none)</span> : null}
                <del>{change.kind === 'added' ? '' : printValue(change.before)}</del>
              </td>
              <td className="audit-changes__after">
                {change.kind === 'removed' ? <span className="visually-hidden">(removed)</span> : null}
                <ins>{change.kind === 'removed' ? '' : printValue(change.after)}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {unchanged > 0 ? (
        <p className="audit-changes__unchanged">
          {unchanged} unchanged {unchanged === 1 ? 'field' : 'fields'} not shown
        </p>
      ) : null}
    </details>
  );
}
