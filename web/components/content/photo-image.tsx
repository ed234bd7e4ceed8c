import type { ComponentProps } from 'react';
import { photoSrcSet, photoUrl, type Photo } from '../../../common/photos-basics.ts';

/**
 * A photo at about `width` px with every size it has for the browser to choose from (`sizes`), its
 * own proportions (no layout shift) and its description, else the item's name, as alt text.
 */
export function PhotoImage({
  photo,
  name,
  width,
  ...props
}: { photo: Photo; name: string; width: number } & Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height' | 'alt'>) {
  return <img src={photoUrl(photo, width)} srcSet={photoSrcSet(photo)} width={photo.width} height={photo.height} alt={photo.alt || name} {...props} />;
}
