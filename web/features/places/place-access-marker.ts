import L from 'leaflet';
import type { AccessStatus } from '../../../common/place-access.ts';
import { ACCESS_ICONS } from './place-access-signs.ts';

/**
 * The marker of a place that is not open: a round badge with its status's sign (not its colour
 * alone), so a closed spot reads as closed at a glance; its words are in the marker's popup.
 * An open place keeps the usual pin. Only fixed signs go into the HTML, never text of a rider's.
 */
const MARKER_STYLES: Record<Exclude<AccessStatus, 'open'>, string> = {
  restricted: 'background:#fef3c7;border-color:#b45309;color:#78350f',
  permit: 'background:#e0f2fe;border-color:#0369a1;color:#0c4a6e',
  closed: 'background:#fee2e2;border-color:#b91c1c;color:#7f1d1d',
};

const icons = new Map<AccessStatus, L.DivIcon>();

export function accessMarkerIcon(status: AccessStatus): L.DivIcon | undefined {
  if (status === 'open') return undefined;
  let icon = icons.get(status);
  if (!icon) {
    icon = L.divIcon({
      className: `place-access-marker place-access-marker-${status}`,
      html: `<span style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:9999px;border:3px solid;font-size:16px;box-shadow:0 1px 3px rgb(0 0 0 / .4);${MARKER_STYLES[status]}">${ACCESS_ICONS[status]}</span>`,
      iconSize: [30, 30],
      iconAnchor: [15, 15],
      popupAnchor: [0, -16],
    });
    icons.set(status, icon);
  }
  return icon;
}
