/** The console's Settings section. */
export function SettingsPage() {
  return <h1 className="h3">Settings</h1>;
}
