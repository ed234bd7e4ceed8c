import { valueStore } from './value-store.ts';

/**
 * Whether a toast has been asked for yet. The toaster (sonner's code, and the styles it adds to the
 * page, which make the browser restyle the whole page) is drawn from the first toast on, not with
 * every page a visitor opens (issue 17); sonner shows a toast made before its toaster was there.
 */
const wanted = valueStore(false);

export const wantToaster = (): void => wanted.set(true);

export const useToasterWanted = (): boolean => wanted.use();
