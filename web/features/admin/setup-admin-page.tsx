// Placeholder: replaced by the bootstrap's owner.
export default function SetupAdminPage() {
  return <p>setup-admin</p>;
}
