// Placeholder: replaced by the tab's owner.
export function DisciplinesTab() {
  return <p>disciplines-tab</p>;
}
