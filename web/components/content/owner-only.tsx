import type { ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazy-named.ts';
import type { OwnerActions as Actions } from './owner-actions.tsx';
import type { PendingRevisionNotice as Notice } from './pending-revision-notice.tsx';

/**
 * What only an item's author or an admin sees on its page, loaded when it is drawn: a visitor's
 * first load does without Edit and Delete, their forms and confirmation, and the notice of an edit
 * waiting for review (issue 38). The server renders them for whoever sees them. No Suspense boundary
 * of their own: the page's waits for them, so that a page the browser takes over answers input in
 * every part once it is ready (web/components/shell/layout.tsx's PageReady).
 */

const LazyActions = lazyNamed(() => import('./owner-actions.tsx'), 'OwnerActions');
const LazyNotice = lazyNamed(() => import('./pending-revision-notice.tsx'), 'PendingRevisionNotice');

type OwnedItem = Parameters<typeof Actions>[0]['item'];

/** OwnerActions (./owner-actions.tsx), drawn only where it is rendered, that is for the item's author or an admin. */
export function OwnerActions<Item extends OwnedItem>(props: Parameters<typeof Actions<Item>>[0]) {
  // React.lazy keeps the props of the component's constraint, not its type parameter.
  const Loaded = LazyActions as unknown as (props: Parameters<typeof Actions<Item>>[0]) => ReactNode;
  return <Loaded {...props} />;
}

/** PendingRevisionNotice (./pending-revision-notice.tsx): nothing, and nothing loaded, without a revision. */
export function PendingRevisionNotice(props: Parameters<typeof Notice>[0]) {
  if (!props.revision) return null;
  return <LazyNotice {...props} />;
}
