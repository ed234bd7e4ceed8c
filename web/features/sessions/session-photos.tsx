import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '../../../common/sessions.ts';
import { PhotoGallery, PhotoUploadForm } from '../../components/content/photo-gallery.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { sessionKeys } from './sessions.api.ts';

/**
 * A session's photos as small thumbnails (each opens the lightbox); its author (or an admin) adds
 * more with the plain upload form, which works without scripts too. A change refreshes the place's
 * lists and the author's profile log, wherever the session was shown.
 */
export function SessionPhotos({ session }: { session: Session }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: sessionKeys.all }), client.invalidateQueries({ queryKey: ['profiles', session.author.id, 'sessions'] })]);
  const name = t('sessions.photoName', { name: session.author.name, place: session.place.name });
  return (
    <>
      <PhotoGallery photos={session.photos} name={name} onChanged={session.canDelete ? refresh : undefined} grid="grid-cols-3 sm:grid-cols-5" />
      {session.canDelete && (
        <details className="text-sm" data-testid="session-add-photos">
          <summary className="cursor-pointer font-semibold text-brand-700">{t('photos.add')}</summary>
          <div className="mt-2">
            <PhotoUploadForm subjectType="session" subjectId={session.id} count={session.photos.length} onUploaded={refresh} />
          </div>
        </details>
      )}
    </>
  );
}
