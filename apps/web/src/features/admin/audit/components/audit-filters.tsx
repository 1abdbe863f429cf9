import { useState, type FormEvent } from 'react';
import { AuditQuerySchema } from '@reeltime/contract';

export interface AuditFilterValues {
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  from: string;
  to: string;
}

interface AuditFiltersProps {
  values: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
  onClear: () => void;
}

const FIELDS: ReadonlyArray<{
  name: keyof AuditFilterValues;
  label: string;
  type: string;
  placeholder?: string;
}> = [
  { name: 'actor', label: 'Actor email', type: 'search', placeholder: 'admin@' },
  { name: 'action', label: 'Action', type: 'search', placeholder: 'title.update' },
  { name: 'entity_type', label: 'Entity type', type: 'search', placeholder: 'title' },
  { name: 'entity_id', label: 'Entity id', type: 'search', placeholder: '42' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

/**
 * The audit log's filters; applied on submit, checked with the contract's own rules first. Key it
 * on the applied values so the back button or Clear shows what is applied.
 */
export function AuditFilters({ values, onApply, onClear }: AuditFiltersProps) {
  const [draft, setDraft] = useState(values);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
    const checked = AuditQuerySchema.safeParse(given);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the filters.');
      return;
    }
    setError(null);
    onApply(draft);
  };

  const active = Object.values(values).some(Boolean);

  return (
    <form
      className="admin-filters admin-panel"
      role="search"
      aria-label="Audit log filters"
      onSubmit={submit}
    >
      {FIELDS.map((field) => (
        <div key={field.name} className="admin-filters__field">
          <label htmlFor={`audit-${field.name}`} className="form-label">
            {field.label}
          </label>
          <input
            id={`audit-${field.name}`}
            type={field.type}
            className="form-control form-control-sm"
            placeholder={field.placeholder}
            value={draft[field.name]}
            maxLength={255}
            onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
          />
        </div>
      ))}
      <div className="admin-filters__actions">
        <button type="submit" className="btn btn-primary btn-sm">
          Apply filters
        </button>
        {active ? (
          <button type="button" className="btn btn-outline-light btn-sm" onClick={onClear}>
            Clear
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="admin-filters__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
