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
  // The place picked stays a choice when a new search leaves it out (else the select would show another).
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  // A proposed place whose name the form does not know is still the one chosen, under the field's word.
  const kept = [picked, current && { ...current, name: current.name || t('events.spot') }].filter((p): p is { id: string; name: string } => !!p);
  const choices = [...kept.filter((k, i) => !data.some((p) => p.id === k.id) && kept.findIndex((o) => o.id === k.id) === i), ...data];
  const onChange: typeof field.onChange = (e) => {
    const select = e.target as HTMLSelectElement;
    const option = select.selectedOptions[0];
    setPicked(select.value && option ? { id: select.value, name: option.text } : null);
    return field.onChange(e);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('events.form.placeSearch')} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" maxLength={100} />
      <SelectField {...field} onChange={onChange} hint={t('events.form.placeHint')} data-testid="event-place">
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
