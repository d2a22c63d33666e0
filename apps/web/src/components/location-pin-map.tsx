import "leaflet/dist/leaflet.css";
import { CircleMarker, MapContainer, TileLayer, useMapEvents } from "react-leaflet";
import type { MapTiles } from "@fieldops/shared/dispatch";
import type { Coordinates } from "@fieldops/shared/locations";

/** Where the map opens when the address has no point yet: the whole of the contiguous United States. */
const NO_POINT_VIEW = { center: [39.5, -98.35] as [number, number], zoom: 4 };
const POINT_ZOOM = 16;
/** Six decimals is about 10 cm: more would be noise from the pointer. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

function PickOnClick({ onPick }: { onPick: (point: Coordinates) => void }) {
  useMapEvents({
    click: (event) => onPick({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
  });
  return null;
}

/**
 * A map on the configured tile server where a click drops the address's pin. Loaded only when a tile server is
 * configured and the office opens "Set the location by hand" (it brings Leaflet with it); the typed coordinates
 * beside it stay the way to set a point by keyboard.
 */
export default function LocationPinMap({
  map,
  point,
  onPick,
}: {
  map: MapTiles;
  point: Coordinates | null;
  onPick: (point: Coordinates) => void;
}) {
  const view = point
    ? { center: [point.latitude, point.longitude] as [number, number], zoom: POINT_ZOOM }
    : NO_POINT_VIEW;
  return (
    <div role="region" aria-label="Map: click to place the pin" className="h-64 overflow-hidden rounded-md border">
      <MapContainer center={view.center} zoom={view.zoom} scrollWheelZoom={false} className="h-full w-full">
        <TileLayer url={map.tileUrl} attribution={map.attribution} />
        {point ? (
          <CircleMarker
            center={[point.latitude, point.longitude]}
            radius={8}
            pathOptions={{ color: "#dc2626", fillColor: "#dc2626", fillOpacity: 0.9 }}
          />
        ) : null}
        <PickOnClick onPick={onPick} />
      </MapContainer>
    </div>
  );
}
