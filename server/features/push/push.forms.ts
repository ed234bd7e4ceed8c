import { segment, type FormActions } from '../../lib/forms.ts';

/** Revoking a device from the profile settings as a plain form (server/lib/forms.ts); turning push on needs the browser's scripts. */
export const pushForms: FormActions = {
  'revoke-push-device': {
    method: 'DELETE',
    path: (f) => `/api/push/devices/${segment(f, 'deviceId')}`,
    done: { kind: 'success', title: 'push.revoked' },
  },
};
