import { CONDITION_CHOICES } from '../../../common/conditions-basics.ts';
import { field, segment, type FormActions } from '../../lib/forms.ts';

/**
 * A condition report made as a form (server/lib/forms.ts), on the place page. A report's own actions
 * (delete, like, unlike) are defined once (common/conditions-basics.ts).
 */
export const conditionsForms: FormActions = {
  'report-conditions': {
    method: 'POST',
    path: (f) => `/api/places/${segment(f, 'placeId')}/conditions`,
    // Every answer the form sent, as sent: the API refuses one that does not fit the place's kind, or one missing.
    body: (f) => {
      const body: Record<string, string> = { kind: field(f, 'kind'), note: f.get('note') ?? '' };
      for (const name of Object.keys(CONDITION_CHOICES)) if (f.has(name)) body[name] = field(f, name);
      return body;
    },
    done: { kind: 'success', title: 'places.conditions.reported' },
  },
};
