/** The console's Jobs section. */
export function JobsPage() {
  return <h1 className="h3">Jobs</h1>;
}
