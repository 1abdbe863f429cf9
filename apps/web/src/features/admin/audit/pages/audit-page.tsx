/** The console's Audit log section. */
export function AuditPage() {
  return <h1 className="h3">Audit log</h1>;
}
