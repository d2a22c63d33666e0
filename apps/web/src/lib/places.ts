import { placeEndpoints } from "@fieldops/shared/places";
import { useEndpointQuery } from "./endpoints";

/** How this installation places addresses (the geocoder, the map tiles): set by the operator, read once a session. */
export function usePlaceSettings() {
  return useEndpointQuery(placeEndpoints.settings, {}, { staleTime: Number.POSITIVE_INFINITY });
}
