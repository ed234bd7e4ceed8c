import { CONDITION_CHOICES } from '../../../common/conditions-basics.ts';
import { field, segment, type FormActions } from '../../lib/forms.ts';

const reportPath = (f: URLSearchParams) => `/api/condition-reports/${segment(f, 'reportId')}`;

/** Condition reports as forms (server/lib/forms.ts), on the place page. */
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
  'delete-condition-report': { method: 'DELETE', path: reportPath, done: { kind: 'success', title: 'places.conditions.deleted' } },
  // No message: the heart and its count say it.
  'like-condition-report': { method: 'PUT', path: (f) => `${reportPath(f)}/like` },
  'unlike-condition-report': { method: 'DELETE', path: (f) => `${reportPath(f)}/like` },
};
