/** The console's Titles section. */
export function TitlesPage() {
  return <h1 className="h3">Titles</h1>;
}
