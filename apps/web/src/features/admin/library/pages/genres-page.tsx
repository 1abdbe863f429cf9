/** The console's Genres section. */
export function GenresPage() {
  return <h1 className="h3">Genres</h1>;
}
