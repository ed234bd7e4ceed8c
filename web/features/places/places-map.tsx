import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from 'leaflet';
// Extends the L that Leaflet puts on window (imported just above).
import 'leaflet.markercluster';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { Place } from '../../../common/places.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { accessMarkerIcon } from './place-access-marker.ts';

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

/** What a marker needs of a place (and its latest conditions, where the map shows them). */
export type MapPlace = Pick<Place, 'id' | 'disciplineId' | 'name' | 'location' | 'latitude' | 'longitude' | 'access'> & Partial<Pick<Place, 'conditions'>>;

function FitPlaces({ places }: { places: MapPlace[] }) {
  const map = useMap();
  useEffect(() => {
    if (places.length === 0) return;
    map.fitBounds(L.latLngBounds(places.map((p) => [p.latitude, p.longitude] as [number, number])), { padding: [40, 40], maxZoom: 12 });
  }, [map, places]);
  return null;
}

type MarkersProps = {
  places: MapPlace[];
  detailPath: (place: MapPlace) => string;
  onOpen: (place: MapPlace) => void;
  openLabel: string;
  /** The place's access in words, in its popup (its marker's shape says it too). */
  accessLabel: (place: MapPlace) => string;
  /** The place's latest conditions as a line of text ('No recent report' when none), where the map shows them. */
  conditionsOf?: (place: MapPlace) => string;
};

/**
 * One marker per place, its popup 'name, location' (text, never HTML) with a link to the place;
 * markers that crowd together merge into a numbered cluster that opens on click.
 */
function PlaceMarkers({ places, detailPath, onOpen, openLabel, accessLabel, conditionsOf }: MarkersProps) {
  const map = useMap();
  // Read when the markers are made, without redrawing them each time the page renders a new function.
  const conditionsRef = useRef(conditionsOf);
  conditionsRef.current = conditionsOf;
  useEffect(() => {
    const group = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50 });
    for (const place of places) {
      const popup = document.createElement('div');
      const text = document.createElement('p');
      text.textContent = `${place.name}, ${place.location}`;
      const link = document.createElement('a');
      link.href = detailPath(place);
      link.textContent = openLabel;
      link.className = 'font-semibold';
      popup.append(text);
      const access = document.createElement('p');
      access.textContent = accessLabel(place);
      access.dataset.access = place.access.status;
      popup.append(access);
      const conditionsOf = conditionsRef.current;
      if (conditionsOf) {
        const conditions = document.createElement('p');
        conditions.textContent = conditionsOf(place);
        popup.append(conditions);
      }
      link.addEventListener('click', (event) => {
        // A client-side navigation, as for any other link of the app.
        event.preventDefault();
        onOpen(place);
      });
      popup.append(link);
      group.addLayer(
        L.marker([place.latitude, place.longitude], {
          icon: accessMarkerIcon(place.access.status) ?? markerIconSet,
          title: place.name,
          alt: place.name,
        }).bindPopup(popup),
      );
    }
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
    };
  }, [map, places, detailPath, onOpen, openLabel, accessLabel]);
  return null;
}

/** The places loaded so far on the map; Leaflet lives only in this lazily loaded chunk. */
export default function PlacesMap({ label, height = 600, ...markers }: MarkersProps & { label: string; height?: number }) {
  const { places } = markers;
  const { mapTileUrl, mapAttribution } = useSiteSettings();
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-sm" data-testid="places-map" role="region" aria-label={label} dir="ltr">
      <MapContainer center={DEFAULT_CENTER} zoom={DEFAULT_ZOOM} scrollWheelZoom={false} style={{ height, width: '100%' }}>
        <TileLayer url={mapTileUrl} attribution={mapAttribution} />
        <FitPlaces places={places} />
        <PlaceMarkers {...markers} />
      </MapContainer>
    </div>
  );
}
