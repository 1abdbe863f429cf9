/** The console's People section. */
export function PeoplePage() {
  return <h1 className="h3">People</h1>;
}
