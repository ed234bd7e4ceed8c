import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { FORM_ACTION_PREFIX } from '../../../common/forms.ts';
import { doneMessage, type Action } from '../../../common/actions.ts';
import {
  coverPhotoAction,
  deletePhotoAction,
  describePhotoAction,
  MAX_PHOTOS,
  PHOTO_ACCEPT,
  PHOTO_ALT_MAX,
  PHOTO_WIDTHS,
  photoSrcSet,
  photoUrl,
  type Photo,
  type PhotoSubjectType,
} from '../../../common/photos-basics.ts';
import { api, apiUpload, sendAction } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatNumber } from '../../lib/localized.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { ActionForm } from '../ui/action-form.tsx';
import { Button } from '../ui/button.tsx';
import { PhotoImage } from './photo-image.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

// The lightbox, and Radix's dialog with it (some 13 KB compressed), comes when a photo is first
// opened: an item's page shows its thumbnails without it (issue 38).
const PhotoLightbox = lazyNamed(() => import('./photo-lightbox.tsx'), 'PhotoLightbox');

/** The width of the picture a thumbnail links to. */
const LARGEST = PHOTO_WIDTHS.at(-1)!;

/**
 * An item's photos (issue 20, item 5): thumbnails in its page's grid, each opening the lightbox;
 * for the item's author (`onChanged` given), each with "make cover" and "delete" as plain forms
 * that run in place once the app runs, then `onChanged` refreshes the item.
 */
export function PhotoGallery({
  photos,
  name,
  onChanged,
  grid = 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
}: {
  photos: Photo[] | undefined;
  name: string;
  onChanged?: () => unknown;
  /** The grid's columns (Tailwind classes): smaller thumbnails where the gallery is a detail (a report). */
  grid?: string;
}) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);
  if (!photos?.length) return null;

  // Each action's request, and on success the same message as its plain form's.
  const act = <F extends object, A>(action: Action<string, F, A>, fields: F) => {
    return sendAction(action, fields).then(
      async (answer) => {
        await onChanged?.();
        notifyFlash(t, doneMessage(action, answer, fields));
      },
      (e: unknown) => notify('error', errorText(t, e)),
    );
  };

  return (
    <section aria-label={t('photos.title')} className="space-y-2" data-testid="photo-gallery">
      <ul className={`grid gap-2 ${grid}`}>
        {photos.map((photo, index) => (
          <li key={photo.id} className="space-y-1">
            {/* A link to the large picture, which opens without the scripts; with them a plain click opens the lightbox (a new tab stays a new tab). */}
            <a
              href={photoUrl(photo, LARGEST)}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                opener.current = event.currentTarget;
                setOpen(index);
              }}
              className="block w-full overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              aria-label={t('photos.open', { n: number(index + 1), total: number(photos.length) })}
            >
              <PhotoImage
                photo={photo}
                name={name}
                width={400}
                sizes="(min-width: 640px) 25vw, 50vw"
                loading="lazy"
                className="aspect-[4/3] h-auto w-full object-cover transition-transform hover:scale-105"
              />
            </a>
            {onChanged && (
              <div className="flex flex-wrap items-center gap-1">
                {index === 0 ? (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('photos.cover')}</span>
                ) : (
                  <ActionForm action={coverPhotoAction} fields={{ id: photo.id }} onSubmit={() => act(coverPhotoAction, { id: photo.id, cover: true })}>
                    <Button type="submit" variant="ghost" size="sm">
                      {t('photos.makeCover')}
                    </Button>
                  </ActionForm>
                )}
                <ActionForm action={deletePhotoAction} fields={{ id: photo.id }} onSubmit={() => act(deletePhotoAction, { id: photo.id })}>
                  <Button type="submit" variant="ghost" size="sm" className="text-red-700">
                    {t('photos.delete')}
                  </Button>
                </ActionForm>
                <details className="w-full text-sm">
                  <summary className="cursor-pointer px-3 font-semibold text-slate-700">{t('photos.editAlt')}</summary>
                  <ActionForm
                    action={describePhotoAction}
                    fields={{ id: photo.id }}
                    onSubmit={(data) => act(describePhotoAction, { id: photo.id, alt: String(data.get('alt') ?? '') })}
                    className="mt-1 flex gap-1"
                  >
                    <input
                      name="alt"
                      defaultValue={photo.alt}
                      maxLength={PHOTO_ALT_MAX}
                      dir="auto"
                      aria-label={t('photos.alt')}
                      className="min-w-0 flex-1 rounded-lg border border-slate-300 px-2 py-1 text-sm"
                    />
                    <Button type="submit" variant="outline" size="sm">
                      {t('photos.save')}
                    </Button>
                  </ActionForm>
                </details>
              </div>
            )}
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoLightbox photos={photos} name={name} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} returnFocus={() => opener.current} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * "Add photos" for the item's author: a plain multipart form (server: features/photos/photos.forms.ts)
 * that, once the app runs, uploads in place with a busy state, then `onUploaded` refreshes the item.
 */
export function PhotoUploadForm({
  subjectType,
  subjectId,
  count,
  onUploaded,
}: {
  subjectType: PhotoSubjectType;
  subjectId: string;
  count: number;
  onUploaded: () => unknown;
}) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const { pathname, search } = useLocation();
  // Which upload of how many is under way; null when none.
  const [progress, setProgress] = useState<{ n: number; total: number } | null>(null);
  // Several files at once once the app runs (it sends them one by one); the plain form carries one.
  const scripted = useHydrated();
  const hint = useId();
  if (count >= MAX_PHOTOS) return <p className="text-sm text-slate-500">{t('errors.PHOTOS_TOO_MANY')}</p>;
  const target = `${encodeURIComponent(subjectType)}/${encodeURIComponent(subjectId)}`;
  const busy = progress !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const files = data.getAll('file').filter((file): file is File => file instanceof Blob && file.size > 0);
    if (!files.length) return;
    const alt = String(data.get('alt') ?? '');
    try {
      for (const [index, file] of files.entries()) {
        setProgress({ n: index + 1, total: files.length });
        await apiUpload(`/api/photos/${target}`, file, { method: 'POST', fields: { alt } });
      }
      form.reset();
      notify('success', files.length > 1 ? t('photos.addedMany', { n: number(files.length) }) : t('photos.added'));
    } catch (e) {
      // Those sent before the refusal (an 11th photo, a file that is no picture) are kept.
      notify('error', errorText(t, e));
    } finally {
      setProgress(null);
      await onUploaded();
    }
  };

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={`${FORM_ACTION_PREFIX}photos/${target}?back=${encodeURIComponent(`${pathname}${search}`)}`}
      onSubmit={(e) => void submit(e)}
      className="space-y-3 rounded-2xl border border-dashed border-slate-300 bg-white p-4"
      aria-busy={busy}
      data-testid="photo-upload"
    >
      <h3 className="font-semibold text-slate-900">{t('photos.add')}</h3>
      <p className="text-sm text-slate-500">{t('photos.limit', { max: number(MAX_PHOTOS) })}</p>
      <label className="block space-y-1">
        <span className="text-sm font-medium text-slate-700">{t('photos.file')}</span>
        <input type="file" name="file" multiple={scripted} accept={PHOTO_ACCEPT} required disabled={busy} className="block w-full text-sm" />
      </label>
      <label className="block space-y-1">
        <span className="text-sm font-medium text-slate-700">{t('photos.alt')}</span>
        <input
          name="alt"
          maxLength={PHOTO_ALT_MAX}
          dir="auto"
          disabled={busy}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          aria-describedby={hint}
        />
        <span id={hint} className="block text-xs text-slate-500">
          {t('photos.altHint')}
        </span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {progress ? t('photos.uploading', { n: number(progress.n), total: number(progress.total) }) : t('photos.upload')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The photos section of an item's page: its gallery, and for its author or an admin the upload form;
 * a change refreshes `queryKey` (the section's queries: the page and the cards' covers).
 */
export function ItemPhotos({
  type,
  id,
  name,
  photos,
  canEdit,
  queryKey,
}: {
  type: PhotoSubjectType;
  id: string;
  name: string;
  photos: Photo[] | undefined;
  canEdit: boolean;
  queryKey: QueryKey;
}) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey });
  if (!photos?.length && !canEdit) return null;
  return (
    <div className="space-y-3">
      <PhotoGallery photos={photos} name={name} onChanged={canEdit ? refresh : undefined} />
      {canEdit && <PhotoUploadForm subjectType={type} subjectId={id} count={photos?.length ?? 0} onUploaded={refresh} />}
    </div>
  );
}
