// Placeholder: replaced by the tab's owner.
export function UsersTab() {
  return <p>users-tab</p>;
}
