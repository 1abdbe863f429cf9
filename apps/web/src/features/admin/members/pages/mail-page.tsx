/** The console's Mail section. */
export function MailPage() {
  return <h1 className="h3">Mail</h1>;
}
