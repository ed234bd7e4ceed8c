import { field, segment, type FormActions } from '../../lib/forms.ts';

const itemPath = (f: URLSearchParams) => `/api/content/${segment(f, 'type')}/${segment(f, 'id')}`;

/** Likes, ratings and comments as forms (server/lib/forms.ts), for every kind of content and every place the controls are. */
export const reactionsForms: FormActions = {
  // No message: the heart and the count on the page say it (as in the app).
  like: { method: 'PUT', path: (f) => `${itemPath(f)}/like` },
  unlike: { method: 'DELETE', path: (f) => `${itemPath(f)}/like` },
  // A missing or odd score is not a number the API takes: it answers VALIDATION_ERROR.
  rate: {
    method: 'PUT',
    path: (f) => `${itemPath(f)}/rating`,
    body: (f) => ({ score: Number(field(f, 'score')) }),
    done: { kind: 'success', title: 'content.rated' },
  },
  unrate: { method: 'DELETE', path: (f) => `${itemPath(f)}/rating`, done: { kind: 'success', title: 'content.rated' } },
  comment: {
    method: 'POST',
    path: (f) => `${itemPath(f)}/comments`,
    // The text as typed (the API trims and checks it), not the trimmed field.
    body: (f) => ({ body: f.get('body') ?? '' }),
    done: { kind: 'success', title: 'content.commentAdded' },
  },
  'delete-comment': {
    method: 'DELETE',
    path: (f) => `/api/comments/${segment(f, 'commentId')}`,
    done: { kind: 'success', title: 'content.commentDeleted' },
  },
};
