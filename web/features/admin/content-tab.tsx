// Placeholder: replaced by the tab's owner.
export function ContentTab() {
  return <p>content-tab</p>;
}
