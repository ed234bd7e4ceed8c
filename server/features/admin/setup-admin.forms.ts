import type { FormActions } from '../../lib/forms.ts';

/** /setup-admin without scripts: the page offers this form instead of asking on opening (server/lib/forms.ts). */
export const setupAdminForms: FormActions = {
  'setup-admin': {
    method: 'POST',
    path: () => '/api/setup-admin',
    done: (answer) => ({
      kind: 'success',
      title: 'setupAdmin.ready',
      text: (answer as { status?: string } | null)?.status === 'created' ? 'setupAdmin.createdText' : 'setupAdmin.existsText',
    }),
    to: () => '/login',
  },
};
