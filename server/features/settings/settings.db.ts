import type { Kysely } from 'kysely';
import { parseEnabledLanguages } from '../../../common/languages.ts';
import type { SiteSettings } from '../../../common/schemas.ts';
import type { DB } from '../../db/schema.ts';

export const DEFAULT_LOGO_URL = '/logo.png';

/** The settings the server's configuration sets rather than an admin (the config itself may be passed). */
export type ConfiguredSettings = Pick<SiteSettings, 'reverseGeocodeUrl' | 'mapTileUrl' | 'mapAttribution'> & { mapTileCacheMb: number };

export async function getSiteSettings(db: Kysely<DB>, config: ConfiguredSettings): Promise<SiteSettings> {
  const rows = await db.selectFrom('site_settings').select(['setting_key', 'setting_value']).execute();
  const map = new Map(rows.map((r) => [r.setting_key, r.setting_value]));
  return {
    logoUrl: map.get('logo_url') || DEFAULT_LOGO_URL,
    homepageBackgroundUrl: map.get('homepage_background_url') || null,
    // A missing or unreadable value falls back to the default list (spec §4).
    enabledLanguages: parseEnabledLanguages(map.get('enabled_languages') ?? 'unset'),
    reverseGeocodeUrl: config.reverseGeocodeUrl,
    mapTileUrl: config.mapTileUrl,
    mapAttribution: config.mapAttribution,
    mapTileCacheMb: config.mapTileCacheMb,
  };
}
