import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_ENABLED_LANGUAGES } from '../../common/languages.ts';
import type { SiteSettings } from '../../common/schemas.ts';
import { api } from './api.ts';
import { SITE_WIDE, useFrameQuery } from './route-data.ts';

export const settingsKeys = { all: ['settings'] as const };

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  logoUrl: '/logo.png',
  homepageBackgroundUrl: null,
  enabledLanguages: [...DEFAULT_ENABLED_LANGUAGES],
  reverseGeocodeUrl: 'https://nominatim.openstreetmap.org/reverse',
  mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '&copy; OpenStreetMap contributors',
};

/** Spec §8: a failure to load the settings is only logged; the defaults are kept. */
export async function fetchSiteSettings(): Promise<SiteSettings> {
  try {
    return await api<SiteSettings>('/api/settings');
  } catch (error) {
    console.warn('Could not load site settings', error);
    return DEFAULT_SITE_SETTINGS;
  }
}

export const settingsQueries = {
  all: () => queryOptions({ queryKey: settingsKeys.all, queryFn: fetchSiteSettings, staleTime: 60_000, meta: SITE_WIDE }),
};

export function useSiteSettings() {
  return useFrameQuery(settingsQueries.all()).data ?? DEFAULT_SITE_SETTINGS;
}
