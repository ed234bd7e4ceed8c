import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import type { Place } from '../../../common/places.ts';
import { useSiteSettings } from '../settings/settings.api.ts';

// Spec §9: the map opens on Hawaii at a world zoom.
const DEFAULT_CENTER: [number, number] = [20.7984, -156.3319];
const DEFAULT_ZOOM = 2;

// Bundled by Vite, so no icon is fetched from another site.
const markerIconSet = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

function FitPlaces({ places }: { places: Place[] }) {
  const map = useMap();
  useEffect(() => {
    if (places.length === 0) return;
    map.fitBounds(L.latLngBounds(places.map((p) => [p.latitude, p.longitude] as [number, number])), { padding: [40, 40], maxZoom: 12 });
  }, [map, places]);
  return null;
}

/** The places loaded so far, one marker each; Leaflet lives only in this lazily loaded chunk. */
export default function PlacesMap({ places, label }: { places: Place[]; label: string }) {
  const { mapTileUrl, mapAttribution } = useSiteSettings();
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-sm" data-testid="places-map" role="region" aria-label={label} dir="ltr">
      <MapContainer center={DEFAULT_CENTER} zoom={DEFAULT_ZOOM} scrollWheelZoom={false} style={{ height: 600, width: '100%' }}>
        <TileLayer url={mapTileUrl} attribution={mapAttribution} />
        <FitPlaces places={places} />
        {places.map((place) => (
          <Marker key={place.id} position={[place.latitude, place.longitude]} icon={markerIconSet} title={place.name} alt={place.name}>
            <Popup>{`${place.name}, ${place.location}`}</Popup>
          </Marker>
        ))}
      </MapContainer>
    </div>
  );
}
