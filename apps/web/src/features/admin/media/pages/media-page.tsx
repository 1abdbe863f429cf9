/** The console's Media section. */
export function MediaPage() {
  return <h1 className="h3">Media</h1>;
}
