/** Spec §8 geolocation failures, each with its own message. */
export type GeolocationFailure = 'notSupported' | 'failed' | 'couldNotFetch';

export class LocationError extends Error {
  constructor(readonly reason: GeolocationFailure) {
    super(reason);
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  if (!('geolocation' in navigator)) return Promise.reject(new LocationError('notSupported'));
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, () => reject(new LocationError('failed')), { timeout: 15_000, maximumAge: 600_000 }),
  );
}

/** The browser's position turned into 'City, Country' by the configured reverse-geocoding service. */
export async function detectLocation(serviceUrl: string, language: string): Promise<string> {
  const { coords } = await currentPosition();
  try {
    const url = new URL(serviceUrl);
    url.searchParams.set('format', 'json');
    url.searchParams.set('lat', String(coords.latitude));
    url.searchParams.set('lon', String(coords.longitude));
    url.searchParams.set('accept-language', language);
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(String(response.status));
    const data = (await response.json()) as { address?: { city?: string; town?: string; village?: string; country?: string } };
    const place = data.address?.city ?? data.address?.town ?? data.address?.village;
    const text = [place, data.address?.country].filter(Boolean).join(', ');
    if (!text) throw new Error('empty');
    return text;
  } catch {
    throw new LocationError('couldNotFetch');
  }
}
