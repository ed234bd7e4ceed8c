import { field, type FormActions, type FormFields } from '../../lib/forms.ts';

// What a failed message keeps in the page's address, so nothing typed is lost; an address stays
// well under the length a page may come back to (common/forms.ts safeBack).
const KEPT_MESSAGE = 1500;

const typed = (f: FormFields) => {
  const kept = new URLSearchParams();
  for (const name of ['name', 'email', 'subject']) if (field(f, name)) kept.set(name, field(f, name).slice(0, 200));
  if (field(f, 'message')) kept.set('message', field(f, 'message').slice(0, KEPT_MESSAGE));
  return kept.size ? `/contact?${kept}` : '/contact';
};

/** The contact page's form (server/lib/forms.ts). */
export const contactForms: FormActions = {
  contact: {
    method: 'POST',
    path: () => '/api/contact',
    body: (f) => ({ name: field(f, 'name'), email: field(f, 'email'), subject: field(f, 'subject'), message: field(f, 'message') }),
    done: { kind: 'success', title: 'contact.sent', text: 'contact.sentText' },
    to: () => '/contact',
    failTo: typed,
  },
};
