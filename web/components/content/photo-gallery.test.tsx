// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Photo } from '../../../common/photos-basics.ts';
import ar from '../../locales/ar.json';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { PhotoGallery } from './photo-gallery.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const { writes } = stubAdminApi({ fallback: { status: 200, body: {} } });

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const photo = (n: number, alt = ''): Photo => ({
  id: `p${n}`,
  alt,
  width: 1600,
  height: 1200,
  variants: [400, 800, 1600].map((width) => ({ width, url: `/uploads/photos/${n}-${width}.webp` })),
});
const PHOTOS = [photo(1, 'Bowl'), photo(2), photo(3, 'Rail')];

const shown = () => screen.getByTestId('lightbox-photo').getAttribute('alt');
const key = (name: string) => fireEvent.keyDown(screen.getByTestId('photo-lightbox'), { key: name });

describe('the gallery and its lightbox', () => {
  test('thumbnails carry srcset, sizes, width and height, and the item name where a photo has no alt', () => {
    renderAt('/', <PhotoGallery photos={PHOTOS} name="Skatepark" />);
    const images = screen.getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Bowl', 'Skatepark', 'Rail']);
    expect(images[0]!.getAttribute('srcset')).toBe('/uploads/photos/1-400.webp 400w, /uploads/photos/1-800.webp 800w, /uploads/photos/1-1600.webp 1600w');
    expect(images[0]!.getAttribute('sizes')).toBeTruthy();
    expect(images[0]!.getAttribute('width')).toBe('1600');
    expect(images[0]!.getAttribute('height')).toBe('1200');
  });

  test('each thumbnail is a link to the large picture, so that it opens without the scripts too', () => {
    renderAt('/', <PhotoGallery photos={PHOTOS} name="Skatepark" />);
    const links = screen.getAllByRole('link', { name: /Open photo \d of 3/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/uploads/photos/1-1600.webp', '/uploads/photos/2-1600.webp', '/uploads/photos/3-1600.webp']);
  });

  test('a thumbnail opens the lightbox; → and ← move (wrapping round), Escape closes and focus returns', async () => {
    renderAt('/', <PhotoGallery photos={PHOTOS} name="Skatepark" />);
    const second = screen.getByRole('link', { name: 'Open photo 2 of 3' });
    second.focus();
    fireEvent.click(second);
    // The lightbox (and Radix's dialog) loads the first time a photo opens.
    await screen.findByTestId('lightbox-photo');
    expect(shown()).toBe('Skatepark');
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeTruthy();
    key('ArrowRight');
    expect(shown()).toBe('Rail');
    key('ArrowRight');
    expect(shown()).toBe('Bowl');
    key('ArrowLeft');
    expect(shown()).toBe('Rail');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toBe('Skatepark');
    key('Escape');
    expect(screen.queryByTestId('photo-lightbox')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(second);
  });

  test('in Arabic the arrows are mirrored: ← is the next photo', async () => {
    i18next.addResourceBundle('ar', 'translation', ar);
    await i18next.changeLanguage('ar');
    renderAt('/', <PhotoGallery photos={PHOTOS} name="Skatepark" />);
    fireEvent.click(screen.getByRole('link', { name: ar.photos.open.replace('{{n}}', '1').replace('{{total}}', '3') }));
    await screen.findByTestId('lightbox-photo');
    expect(shown()).toBe('Bowl');
    key('ArrowLeft');
    expect(shown()).toBe('Skatepark');
    key('ArrowRight');
    expect(shown()).toBe('Bowl');
    expect(screen.getByRole('button', { name: ar.photos.next })).toBeTruthy();
  });

  test('the author makes a photo the cover and describes one; a reader has no such buttons', async () => {
    const { unmount } = renderAt('/', <PhotoGallery photos={PHOTOS} name="Skatepark" />);
    expect(screen.queryByRole('button', { name: 'Make cover' })).toBeNull();
    unmount();
    const changed = vi.fn();
    renderAt('/', <PhotoGallery photos={PHOTOS} name="Skatepark" onChanged={changed} />);
    // The first is the cover already: two others can become it.
    expect(screen.getAllByRole('button', { name: 'Make cover' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Make cover' })[1]!);
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    const alt = screen.getAllByRole('textbox', { name: 'Description (alt text)' })[1]!;
    fireEvent.change(alt, { target: { value: 'Ledge at noon' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(2));
    expect(writes()).toEqual([
      { method: 'PATCH', url: '/api/photos/p3', body: { cover: true } },
      { method: 'PATCH', url: '/api/photos/p2', body: { alt: 'Ledge at noon' } },
    ]);
  });
});
