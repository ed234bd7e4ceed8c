/** The contact page's action, defined once (common/actions.ts); its input is common/schemas.ts `contactSchema`. */
import { defineAction } from './actions.ts';

export type ContactFields = { name: string; email: string; subject: string; message: string };

export const sendContactAction = defineAction<ContactFields, { id: string }>()({
  name: 'contact',
  method: 'POST',
  path: '/api/contact',
  done: { kind: 'success', title: 'contact.sent', text: 'contact.sentText' },
  failTitle: 'contact.sendFailed',
  to: () => '/contact',
  failTo: () => '/contact',
});
