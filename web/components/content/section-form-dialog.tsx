import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { editItemAction } from '../../../common/content-basics.ts';
import { actionPath } from '../ui/action-form.tsx';
import type { ContentStatus } from '../../../common/content.ts';
import type { PendingRevision } from '../../../common/revisions.ts';
import { FormReplyScope, useFormReply } from '../../lib/flash.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { showServerFieldErrors, type SaveMutation, type SectionForm } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { FormActions, FormDialog } from '../ui/form-dialog.tsx';
import { FormTarget } from '../ui/form-target.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { Link } from '../ui/link.tsx';

/**
 * The form with each registered field drawn with its value: react-hook-form fills its inputs only
 * once they mount in the browser, so a server-rendered form would otherwise show them empty.
 */
function drawnWith<F extends FieldValues, O>(form: UseFormReturn<F, unknown, O>, values: F): UseFormReturn<F, unknown, O> {
  const register: UseFormReturn<F, unknown, O>['register'] = (name, options) => {
    const value: unknown = values[name];
    const drawn = typeof value === 'number' && Number.isNaN(value) ? '' : value;
    return { ...form.register(name, options), ...(drawn === undefined || drawn === null ? {} : { defaultValue: drawn }) };
  };
  return { ...form, register };
}

/** `values` with what a refused plain form had typed in place of each text or number field (lists and choices stay as stored). */
function withTyped<F extends FieldValues>(values: F, typed: Record<string, string | string[]> | undefined): F {
  if (!typed) return values;
  const kept = Object.entries(typed).filter(([name, value]) => typeof value === 'string' && Object.hasOwn(values, name) && typeof values[name] === 'string');
  return { ...values, ...Object.fromEntries(kept) };
}

/** The toast's text: its sentences that apply, the warning first. */
const joined = (...texts: (string | undefined)[]) => texts.filter(Boolean).join(' ') || undefined;

// `visibility`: a place kept secret (issue 20, item 4) waits for no approval, though not yet approved.
type SectionItem = { id: string; status: ContentStatus; visibility?: string; pendingRevision?: PendingRevision };

/** A section's dialog: adding to the discipline `disciplineId`, or editing `item` when given. */
export type SectionFormDialogProps<Item> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  item?: Item;
  /** After adding, with the new item (e.g. to open it). */
  onCreated?: (item: Item) => void;
  /**
   * Editing on the item's page (`?edit=1`) as a plain form instead of a dialog: posted to the
   * `edit-<section>` action without scripts, run in place with them (issue 38, item 3). `section` is the
   * API's (`places`), `page` the item's page to come back to.
   */
  plain?: { section: string; page: string };
};

/** The catalogue keys of a section's dialog: its titles, subtitles, submit labels and toasts. */
export type SectionDialogTexts = {
  add: string;
  edit: string;
  subtitle: string;
  /** The subtitle while editing, when it is not `subtitle`. */
  editSubtitle?: string;
  /** The submit label while editing (adding submits with `add`). */
  save: string;
  added: string;
  updated: string;
  addError: string;
  updateError: string;
  /** The toast's text when an addition waits for approval, when it is not content.awaitingApproval. */
  awaitingApproval?: string;
};

/**
 * A section's add-or-edit dialog, from the definition of its form (the one the admin form uses
 * too), its save hooks and its texts. The form stays open with what was typed when saving fails,
 * with the server's field errors by their fields; editing starts from the item as it is each time
 * the dialog opens; an added item waiting for approval, or an edit waiting for review, says so.
 */
export function sectionFormDialog<V extends FieldValues, O extends B, Item extends SectionItem, B>(section: {
  form: SectionForm<V, O, Item, B>;
  useCreate: (disciplineId: string) => SaveMutation<B, Item>;
  useUpdate: (id: string) => SaveMutation<B, Item>;
  text: SectionDialogTexts;
  testId: string;
  submitTestId?: string;
  /** Above a Leaflet map, at the normal width (else wide). */
  aboveMap?: boolean;
  /** What the saved item's answer warns of (it was saved all the same), shown in the toast. */
  warning?: (saved: Item, t: TFunction) => string | undefined;
  /** Hidden fields of the plain form: what the server needs to read its fields as the app does (the values as stored, a time zone). */
  plainFields?: (values: V) => Record<string, string>;
}) {
  const { form: spec, text } = section;
  return function SectionFormDialog({ open, onOpenChange, disciplineId, item, onCreated, plain }: SectionFormDialogProps<Item>) {
    const { t } = useTranslation();
    const create = section.useCreate(disciplineId);
    const update = section.useUpdate(item?.id ?? '');
    const busy = create.isPending || update.isPending;
    // The page's plain form refused comes back with what was typed (web/lib/flash.tsx), over the stored item.
    const plainAction = plain ? editItemAction(plain.section) : undefined;
    const typed = useFormReply(plainAction?.name ?? '');
    const startValues = item ? withTyped(spec.valuesOf(item), typed?.values) : spec.empty;
    const form = useForm<V, unknown, O>({ resolver: spec.resolver, defaultValues: startValues as DefaultValues<V> });

    // Opening the editor again starts from the stored item, not from an abandoned draft.
    useEffect(() => {
      if (open && item) form.reset(spec.valuesOf(item));
    }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

    const submit = form.handleSubmit(async (values) => {
      const body: B = spec.toBody ? spec.toBody(values, item) : values;
      try {
        if (item) {
          const saved = await update.mutateAsync(body);
          notify('success', t(text.updated), joined(section.warning?.(saved, t), saved.pendingRevision ? t('content.revision.toast') : undefined));
        } else {
          const created = await create.mutateAsync(body);
          const waiting =
            created.status === 'pending' && (created.visibility ?? 'public') === 'public' ? t(text.awaitingApproval ?? 'content.awaitingApproval') : undefined;
          notify('success', t(text.added), joined(section.warning?.(created, t), waiting));
          form.reset(spec.empty);
          onCreated?.(created);
        }
        onOpenChange(false);
      } catch (error) {
        notify('error', t(item ? text.updateError : text.addError), errorText(t, error));
        showServerFieldErrors(error, spec.serverFields, form.setError, spec.fieldOfCode);
      }
    });

    const Fields = spec.Fields;
    if (plain && plainAction && item) {
      const values = startValues;
      return (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`${section.testId}-plain`} aria-label={t(text.edit)}>
          <h2 className="text-lg font-semibold">{t(text.edit)}</h2>
          <p className="text-sm text-slate-600">{t(text.editSubtitle ?? text.subtitle)}</p>
          <form className="mt-4 space-y-4" method="post" action={actionPath(plainAction)} onSubmit={submit} noValidate>
            <FormTarget back={plain.page} fields={{ id: item.id, page: plain.page, ...section.plainFields?.(spec.valuesOf(item)) }} />
            <FormReplyScope action={plainAction.name}>
              <Fields form={drawnWith(form, values)} />
            </FormReplyScope>
            {/* Cancel leads back to the page: a link, which works without scripts too. */}
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Link to={plain.page} replace className={buttonClass({ variant: 'outline' })}>
                {t('common.cancel')}
              </Link>
              <Button type="submit" disabled={busy} data-testid={section.submitTestId}>
                {t(text.save)}
              </Button>
            </div>
          </form>
        </section>
      );
    }
    return (
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        busy={busy}
        title={t(item ? text.edit : text.add)}
        description={t(item ? (text.editSubtitle ?? text.subtitle) : text.subtitle)}
        testId={section.testId}
        wide={!section.aboveMap}
        aboveMap={section.aboveMap}
      >
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          <Fields form={form} />
          <FormActions busy={busy} onCancel={() => onOpenChange(false)} submitLabel={t(item ? text.save : text.add)} submitTestId={section.submitTestId} />
        </form>
      </FormDialog>
    );
  };
}
