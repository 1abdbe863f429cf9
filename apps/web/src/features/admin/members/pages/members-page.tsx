/** The console's Members section. */
export function MembersPage() {
  return <h1 className="h3">Members</h1>;
}
