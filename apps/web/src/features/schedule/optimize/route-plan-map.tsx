import "leaflet/dist/leaflet.css";
import { useState } from "react";
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip } from "react-leaflet";
import type { MapTiles, RoutePlanResult } from "@fieldops/shared/dispatch";
import { Button } from "../../../components/ui/button";
import { routePoints, type MapPoint, type RouteSide } from "./route-plan-map-points";

/** Distinct colours for the crews' routes, in the order the proposal lists them. */
const ROUTE_COLOURS = [
  "#2563eb",
  "#16a34a",
  "#dc2626",
  "#9333ea",
  "#ea580c",
  "#0891b2",
  "#ca8a04",
  "#db2777",
  "#4f46e5",
  "#65a30d",
];

/**
 * The crews' routes on the configured tile server's map, now or as proposed: each crew a colour, its start a ring,
 * its visits numbered in order. Loaded only when a tile server is configured (it brings Leaflet with it).
 */
export default function RoutePlanMap({ result, map }: { result: RoutePlanResult; map: MapTiles }) {
  const [side, setSide] = useState<RouteSide>("proposed");
  const routes = result.crews.map((crew, index) => ({
    crew,
    colour: ROUTE_COLOURS[index % ROUTE_COLOURS.length]!,
    points: routePoints(crew, side),
  }));
  const everyPoint = result.crews.flatMap((crew) => [
    ...routePoints(crew, "current"),
    ...routePoints(crew, "proposed"),
  ]);
  if (everyPoint.length === 0) return null;
  const lats = everyPoint.map(([lat]) => lat);
  const lons = everyPoint.map(([, lon]) => lon);
  const bounds: [MapPoint, MapPoint] = [
    [Math.min(...lats), Math.min(...lons)],
    [Math.max(...lats), Math.max(...lons)],
  ];
  return (
    <section aria-labelledby="route-map-title" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="route-map-title" className="font-medium">
          Route map
        </h3>
        <div role="group" aria-label="Routes shown" className="inline-flex rounded-md border p-0.5">
          {(["current", "proposed"] as const).map((option) => (
            <Button
              key={option}
              type="button"
              size="sm"
              variant={side === option ? "secondary" : "ghost"}
              aria-pressed={side === option}
              onClick={() => setSide(option)}
            >
              {option === "current" ? "Now" : "Proposed"}
            </Button>
          ))}
        </div>
      </div>
      <div role="region" aria-label="Route map" className="h-80 overflow-hidden rounded-md border">
        <MapContainer
          bounds={bounds}
          boundsOptions={{ padding: [24, 24] }}
          scrollWheelZoom={false}
          className="h-full w-full"
        >
          <TileLayer url={map.tileUrl} attribution={map.attribution} />
          {routes.map(({ crew, colour, points }) =>
            points.length === 0 ? null : (
              <Polyline
                key={`${side}-${crew.crewId}`}
                positions={points}
                pathOptions={{ color: colour, weight: 4, opacity: 0.8 }}
              >
                <Tooltip sticky>{crew.crewName}</Tooltip>
              </Polyline>
            ),
          )}
          {routes.flatMap(({ crew, colour, points }) =>
            points.map((point, index) => (
              <CircleMarker
                key={`${side}-${crew.crewId}-${index}`}
                center={point}
                radius={index === 0 && crew.start ? 7 : 5}
                pathOptions={{
                  color: colour,
                  fillColor: index === 0 && crew.start ? "#ffffff" : colour,
                  fillOpacity: 1,
                }}
              >
                <Tooltip>
                  {index === 0 && crew.start
                    ? `${crew.crewName}: start`
                    : `${crew.crewName}: ${crew[side].stops[crew.start ? index - 1 : index]?.jobTitle ?? ""}`}
                </Tooltip>
              </CircleMarker>
            )),
          )}
        </MapContainer>
      </div>
      <ul aria-label="Route colours" className="flex flex-wrap gap-3 text-xs">
        {routes.map(({ crew, colour }) => (
          <li key={crew.crewId} className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-1 w-4 rounded" style={{ backgroundColor: colour }} />
            {crew.crewName}
          </li>
        ))}
      </ul>
    </section>
  );
}
