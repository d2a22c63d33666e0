import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { jobEndpoints, visitEndpoints, type ScheduleVisitInput, type Visit } from "@fieldops/shared/jobs";
import { scheduleEndpoints, type ScheduleResponse, type ScheduleVisit } from "@fieldops/shared/schedule";
import { callEndpoint, endpointKey, pathKey, useEndpointQuery } from "../../lib/endpoints";

/** Every board read, whatever its range. */
const allSchedules = pathKey(scheduleEndpoints.get.path);

/** The board of the days from `from` to `to` (GET /api/schedule), asked once the company's calendar is known. */
export function useSchedule(from: string, to: string, enabled: boolean) {
  return useEndpointQuery(scheduleEndpoints.get, { query: { from, to } }, { enabled });
}

export interface ScheduleMove extends ScheduleVisitInput {
  visit: ScheduleVisit;
}

/** The board with the visit where the move puts it: in the range's visits when it has a crew, in the queue otherwise. */
export function applyMove(board: ScheduleResponse, move: ScheduleMove): ScheduleResponse {
  const start = new Date(move.start);
  const end = new Date(start.getTime() + move.durationMinutes * 60_000);
  const moved: ScheduleVisit = {
    ...move.visit,
    crewId: move.crewId,
    start: start.toISOString(),
    end: end.toISOString(),
    durationMinutes: move.durationMinutes,
    status: move.visit.status === "unscheduled" || move.visit.status === "dispatched" ? "scheduled" : move.visit.status,
  };
  const inRange = start < new Date(board.rangeEnd) && end > new Date(board.rangeStart);
  const visits = board.visits.filter((visit) => visit.id !== moved.id);
  const unassigned = board.unassigned.filter((visit) => visit.id !== moved.id);
  return {
    ...board,
    visits:
      inRange && !board.visitsOmitted
        ? [...visits, moved].sort((a, b) => (a.start ?? "").localeCompare(b.start ?? ""))
        : visits,
    unassigned: moved.crewId === null ? [moved, ...unassigned] : unassigned,
    unassignedTotal:
      board.unassignedTotal - (board.unassigned.length - unassigned.length) + (moved.crewId === null ? 1 : 0),
  };
}

function invalidateSchedules(client: QueryClient) {
  return client.invalidateQueries({ queryKey: allSchedules });
}

/**
 * Schedules a visit (POST /api/visits/:id/schedule) with the version the board shows. Every cached board shows the move
 * at once and goes back to what it was when the server refuses; either way the boards are fetched again afterwards.
 */
export function useScheduleVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ visit, ...body }: ScheduleMove): Promise<Visit> =>
      callEndpoint(visitEndpoints.schedule, { params: { id: visit.id }, body }),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: allSchedules });
      const before = client.getQueriesData<ScheduleResponse>({ queryKey: allSchedules });
      client.setQueriesData<ScheduleResponse>({ queryKey: allSchedules }, (board) =>
        board ? applyMove(board, move) : board,
      );
      return { before };
    },
    onError: (_error, _move, context) => {
      for (const [key, board] of context?.before ?? []) client.setQueryData(key, board);
    },
    onSettled: () =>
      Promise.all([
        invalidateSchedules(client),
        client.invalidateQueries({ queryKey: endpointKey(jobEndpoints.list) }),
      ]),
  });
}
