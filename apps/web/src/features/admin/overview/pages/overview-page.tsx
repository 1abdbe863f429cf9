/** The console's Overview section. */
export function OverviewPage() {
  return <h1 className="h3">Overview</h1>;
}
