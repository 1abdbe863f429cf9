/** The console's Plans and taxes section. */
export function PlansAdminPage() {
  return <h1 className="h3">Plans and taxes</h1>;
}
