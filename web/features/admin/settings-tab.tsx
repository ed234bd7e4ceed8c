// Placeholder: replaced by the tab's owner.
export function SettingsTab() {
  return <p>settings-tab</p>;
}
