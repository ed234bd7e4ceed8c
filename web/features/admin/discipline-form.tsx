import type { AdminFormProps } from './admin-form-page.tsx';

// Placeholder: replaced by the form's owner.
export default function Form({ kind }: AdminFormProps) {
  return <p>{kind}</p>;
}
