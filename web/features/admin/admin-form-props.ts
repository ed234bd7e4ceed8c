import type { FormKind } from './admin-tabs.ts';

/**
 * What the admin form page hands the form it loads: the kind, and the item's id when editing. Its own
 * file: the forms import it, and the page imports the forms.
 */
export type AdminFormProps = { kind: FormKind; id: string | undefined };
