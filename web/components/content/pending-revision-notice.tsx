import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { PendingRevision, RevisionValue } from '../../../common/revisions.ts';

/** The sections whose form labels (`{section}.form.{field}`) name a revision's fields. */
export type RevisionSection = 'places' | 'events' | 'tricks' | 'reviews' | 'shops' | 'articles' | 'teams';

/** Form label keys that differ from the API field names. */
const LABEL_KEYS: Record<string, string> = { disciplineIds: 'disciplines', isPrivate: 'private' };

/** The label of a changed field, the field's own name when its form has none. */
export function useRevisionLabel(section: RevisionSection) {
  const { t } = useTranslation();
  return (field: string) => t(`${section}.form.${LABEL_KEYS[field] ?? field}`, { defaultValue: field });
}

/**
 * The catalogue group naming each choice of a field, by section and field ('events.type': 'Meetup' →
 * events.types.Meetup), or the key of each choice where the group's texts do not fit a list of changes
 * (a place's "My crew: {{team}}" names a team the change does not carry).
 */
const CHOICE_TEXTS: Record<string, string | Record<string, string>> = {
  'events.type': 'events.types',
  'events.applyTo': 'events.form.applyToValues',
  'tricks.level': 'tricks.level',
  'reviews.category': 'reviews.categories',
  'teams.type': 'teams.types',
  'places.visibility': { public: 'places.visibility.public', crew: 'places.visibility.crewOnly', private: 'places.visibility.private' },
};

/**
 * A changed value as text: a choice by the label its form shows for it, in the reader's language;
 * lists joined, an emptied field as a dash, free text as it is.
 */
export function useRevisionText(section: RevisionSection) {
  const { t } = useTranslation();
  return (field: string, value: RevisionValue) => {
    const group = CHOICE_TEXTS[`${section}.${field}`];
    // Only a code-like value can be a choice: free text (a team type with a dot or a colon) is never taken for a key.
    if (!group || typeof value !== 'string' || !/^[A-Za-z][A-Za-z-]*$/.test(value)) return revisionText(value);
    const key = typeof group === 'string' ? `${group}.${value}` : Object.hasOwn(group, value) ? group[value] : undefined;
    return key ? t(key, { defaultValue: value }) : value;
  };
}

function revisionText(value: RevisionValue): string {
  if (value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
}

/**
 * Tells the author (or an admin) that their edit waits for review and what it changes, while the page
 * shows the approved version everyone else sees.
 */
export function PendingRevisionNotice({ revision, section }: { revision: PendingRevision | undefined; section: RevisionSection }) {
  const { t } = useTranslation();
  const labelOf = useRevisionLabel(section);
  const textOf = useRevisionText(section);
  if (!revision) return null;
  return (
    <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="pending-revision">
      <p className="font-semibold">{t('content.revision.title')}</p>
      <p className="mt-1">{t('content.revision.text')}</p>
      <dl className="mt-3 space-y-1">
        {Object.entries(revision.changes).map(([field, value]) => (
          <div key={field} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{labelOf(field)}:</dt>
            <dd className="line-clamp-3 break-words whitespace-pre-line">{textOf(field, value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The item as its pending revision would make it, for the edit form to start from the author's last edit. */
export function proposedVersion<T extends { pendingRevision?: PendingRevision }>(item: T): T {
  return item.pendingRevision ? ({ ...item, ...item.pendingRevision.changes } as T) : item;
}
