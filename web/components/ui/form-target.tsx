import { useLocation } from 'react-router';
import { BACK_FIELD } from '../../../common/forms.ts';

/**
 * The hidden fields of a page's own form posted as plain HTML (common/forms.ts): the page to come
 * back to (this one unless told) and what else the action needs. With scripts the form runs in place and the
 * browser posts nothing (react-hook-form's submit handler prevents it).
 */
export function FormTarget({ fields = {}, back }: { fields?: Record<string, string>; back?: string }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <input type="hidden" name={BACK_FIELD} value={back ?? `${pathname}${search}`} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
