import * as Dialog from '@radix-ui/react-dialog';
import type { KeyboardEvent } from 'react';
import type { Photo } from '../../../common/photos-basics.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatNumber } from '../../lib/localized.ts';
import { PhotoImage } from './photo-image.tsx';

/**
 * One photo at a time over the page (Radix Dialog: focus is trapped inside and returns to the
 * thumbnail that opened it; Escape closes). ← and → move through the gallery, mirrored in a
 * right-to-left language, where the next photo is to the left; the buttons say the same. The gallery
 * loads it (and Radix) the first time a photo is opened.
 */
export function PhotoLightbox({
  photos,
  name,
  index,
  onIndexChange,
  onClose,
  returnFocus,
}: {
  photos: Photo[];
  /** The item's name: the alt text of a photo without its own. */
  name: string;
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** What had focus before it opened (its thumbnail): Radix returns focus to a Dialog.Trigger only. */
  returnFocus?: () => HTMLElement | null;
}) {
  const { t, i18n } = useTranslation();
  const number = useFormatNumber();
  const rtl = i18n.dir() === 'rtl';
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const move = (step: number) => index !== null && onIndexChange((index + step + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const forward = (event.key === 'ArrowRight') !== rtl;
    move(forward ? 1 : -1);
  };

  const control =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-4 py-3 text-xl font-bold text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
  return (
    <Dialog.Root open={!!photo} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            const opener = returnFocus?.();
            if (!opener) return;
            event.preventDefault();
            opener.focus();
          }}
          className="fixed inset-0 z-50 flex items-center justify-center p-4 sm:p-10"
          aria-describedby={undefined}
          data-testid="photo-lightbox"
        >
          {photo && (
            <>
              <Dialog.Title className="sr-only">{photo.alt || name}</Dialog.Title>
              <figure className="flex max-h-full max-w-full flex-col items-center gap-3">
                <PhotoImage
                  photo={photo}
                  name={name}
                  width={1600}
                  sizes="100vw"
                  className="max-h-[80vh] w-auto max-w-full rounded-lg object-contain"
                  data-testid="lightbox-photo"
                />
                <figcaption dir="auto" className="text-center text-sm text-white">
                  {photo.alt && <span className="me-2">{photo.alt}</span>}
                  <span className="text-slate-300">{t('photos.counter', { n: number(index! + 1), total: number(count) })}</span>
                </figcaption>
              </figure>
              {count > 1 && (
                <>
                  <button type="button" onClick={() => move(-1)} className={`${control} start-2 sm:start-4`} aria-label={t('photos.previous')}>
                    <span aria-hidden="true">{rtl ? '›' : '‹'}</span>
                  </button>
                  <button type="button" onClick={() => move(1)} className={`${control} end-2 sm:end-4`} aria-label={t('photos.next')}>
                    <span aria-hidden="true">{rtl ? '‹' : '›'}</span>
                  </button>
                </>
              )}
              <Dialog.Close className="absolute end-2 top-2 rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:end-4 sm:top-4">
                {t('photos.close')}
              </Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
