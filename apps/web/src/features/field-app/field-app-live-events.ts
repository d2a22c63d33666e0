import { fieldAppEndpoints } from "@fieldops/shared/field-app";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

// Apart from the field app's data hooks (field-app-data.ts), which bring the device's database: the office's frame
// registers these reactions too and should not load it.

/** Every read of the field app's visits (the days and each visit) sits under this key. */
export const fieldVisitsKey = endpointKey(fieldAppEndpoints.visits);
/** The conversations the office shares with the user's crews. */
export const fieldThreadsKey = endpointKey(fieldAppEndpoints.threads);

/**
 * Visits moved, started or changed by the office (a tick, a note) are read again; so are the conversations when the
 * office shares or unshares one, or the user reads one on another device.
 */
export const fieldAppLiveEvents = [
  ...refetchOnLiveEvents(["visits.changed", "jobs.changed"], { queryKey: fieldVisitsKey }),
  ...refetchOnLiveEvents(["field_threads.changed"], { queryKey: fieldThreadsKey }),
];
