/** The console's Banners section. */
export function BannersPage() {
  return <h1 className="h3">Banners</h1>;
}
