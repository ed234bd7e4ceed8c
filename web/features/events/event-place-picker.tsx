import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useParams } from 'react-router';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { eventQueries } from './events.api.ts';

type Props = {
  field: UseFormRegisterReturn & { label: string; error?: string };
  /** The place the event is at now, kept as a choice even when a search leaves it out. */
  current: { id: string; name: string } | null;
};

/**
 * The spot an event is held at: a plain select of the discipline's public places (the page's
 * discipline; none in the admin form, which offers only the current one), narrowed by a search.
 */
export function EventPlacePicker({ field, current }: Props) {
  const { t } = useTranslation();
  const { disciplineId = '' } = useParams();
  const [q, setQ] = useState('');
  const { data = [] } = useQuery({ ...eventQueries.placeChoices(disciplineId, q), enabled: disciplineId !== '' });
  const choices = current && !data.some((p) => p.id === current.id) ? [current, ...data] : data;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('events.form.placeSearch')} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" maxLength={100} />
      <SelectField {...field} hint={t('events.form.placeHint')} data-testid="event-place">
        <option value="">{t('events.form.placeNone')}</option>
        {choices.map((p) => (
          <option key={p.id} value={p.id} dir="auto">
            {p.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
