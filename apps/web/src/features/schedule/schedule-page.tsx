import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { ChevronLeft, ChevronRight, Sparkles } from "lucide-react";
import { SCHEDULE_PLAN_PARAM } from "@fieldops/shared/dispatch";
import type { ScheduleResponse, ScheduleVisit } from "@fieldops/shared/schedule";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { useCompany } from "../../lib/company";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { useSchedule, useScheduleVisit } from "./schedule-queries";
import {
  dayLabel,
  instantAt,
  minuteOfDay,
  SCHEDULE_VIEWS,
  snapMinutes,
  SNAP_MINUTES,
  stepDate,
  todayIn,
  viewRange,
  type ScheduleView,
} from "./schedule-time";
import { OptimizeDayDialog } from "./optimize/optimize-day-dialog";
import { useRoutePlan } from "./optimize/optimize-queries";
import { ScheduleVisitDialog, type ScheduleChoice } from "./schedule-visit-dialog";
import { BoardView, CalendarView, UnassignedQueue, WeekLoadGrid } from "./schedule-views";
import { VisitSummary, type DraggedVisit, type LaneTarget, type QueueTarget } from "./time-lane";
import { apiErrorMessage, isStaleVersion } from "../../lib/api-error";
import { useSignedInUser } from "../../lib/session";

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** What the dispatcher is told when the server refuses a move; a stale version has been fetched again meanwhile. */
export function refusalMessage(error: unknown): string {
  if (isStaleVersion(error)) {
    return "Someone else changed this visit since the schedule was loaded. The schedule now shows their change; try again from there.";
  }
  return apiErrorMessage(error, "The visit could not be moved. Check the connection and try again.");
}

/**
 * Where a dropped visit lands on a lane: the minute under its leading edge (or, from the queue, under the pointer),
 * snapped. Positions are read from the pointer itself: dnd-kit's delta also counts the scrolling of the list the
 * visit was dragged out of.
 */
function droppedMinute(
  event: DragEndEvent,
  lane: LaneTarget,
  fromQueue: boolean,
  pointer: { x: number; y: number },
): number {
  const over = event.over!.rect;
  const horizontal = lane.orientation === "horizontal";
  const span = lane.axis.endMinute - lane.axis.startMinute;
  const initial = event.active.rect.current.initial;
  const start = event.activatorEvent as PointerEvent;
  const grabOffset =
    fromQueue || !initial ? 0 : horizontal ? start.clientX - initial.left : start.clientY - initial.top;
  const offset = (horizontal ? pointer.x - over.left : pointer.y - over.top) - grabOffset;
  const minute = snapMinutes(lane.axis.startMinute + (offset / (horizontal ? over.width : over.height)) * span);
  return Math.max(lane.axis.startMinute, Math.min(lane.axis.endMinute - SNAP_MINUTES, minute));
}

/** The pointer's last position while something is dragged. */
function usePointerTracker() {
  const position = useRef({ x: 0, y: 0 });
  const track = useRef((event: PointerEvent) => {
    position.current = { x: event.clientX, y: event.clientY };
  });
  useEffect(() => () => window.removeEventListener("pointermove", track.current), []);
  return {
    position,
    start(event: Event) {
      const at = event as PointerEvent;
      position.current = { x: at.clientX, y: at.clientY };
      window.addEventListener("pointermove", track.current);
    },
    stop() {
      window.removeEventListener("pointermove", track.current);
    },
  };
}

function ViewSwitch({ view, onChange }: { view: ScheduleView; onChange: (view: ScheduleView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border p-0.5">
      {SCHEDULE_VIEWS.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={view === option.value ? "secondary" : "ghost"}
          aria-pressed={view === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

function ScheduleSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the schedule" className="grid gap-2">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-16 w-full" />
      ))}
    </div>
  );
}

export function SchedulePage() {
  usePageTitle("Schedule");
  const id = useId();
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const terms = useTerms();
  const jobWord = terms.job;
  const timeZone = company.data?.timeZone ?? "UTC";
  const [params, setParams] = useSearchParams();
  const viewParam = params.get("view");
  const view: ScheduleView = viewParam === "day" || viewParam === "week" ? viewParam : "board";
  const dateParam = params.get("date");
  const date = dateParam && DAY_PATTERN.test(dateParam) ? dateParam : todayIn(timeZone);
  const range = viewRange(view, date);
  const schedule = useSchedule(range.from, range.to, company.data !== undefined);
  const move = useScheduleVisit();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [editing, setEditing] = useState<ScheduleVisit | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<ScheduleVisit | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const pointer = usePointerTracker();
  const [optimizing, setOptimizing] = useState<"day" | "replan" | null>(null);
  // A proposal named in the address (the assistant's link): it opens once it loads, so a plan that is not this
  // company's (not found) opens nothing.
  const linkedPlan = useRoutePlan(params.get(SCHEDULE_PLAN_PARAM) || null);
  const board: ScheduleResponse | undefined = schedule.data;

  function go(next: { view?: ScheduleView; date?: string }) {
    setParams({ view: next.view ?? view, date: next.date ?? date });
  }

  function reschedule(visit: ScheduleVisit, choice: ScheduleChoice, onDone?: (error: string | null) => void) {
    setRefusal(null);
    move.mutate(
      { visit, ...choice, version: visit.version },
      {
        onSuccess: () => onDone?.(null),
        onError: (error) => (onDone ? onDone(refusalMessage(error)) : setRefusal(refusalMessage(error))),
      },
    );
  }

  function onDragStart(event: DragStartEvent) {
    pointer.start(event.activatorEvent);
    setDragged((event.active.data.current as DraggedVisit | undefined)?.visit ?? null);
  }

  function onDragEnd(event: DragEndEvent) {
    setDragged(null);
    pointer.stop();
    const source = event.active.data.current as DraggedVisit | undefined;
    const target = event.over?.data.current as LaneTarget | QueueTarget | undefined;
    if (!source || !target) return;
    const { visit, fromQueue } = source;
    if (target.kind === "queue") {
      if (visit.crewId !== null && visit.start)
        reschedule(visit, { crewId: null, start: visit.start, durationMinutes: visit.durationMinutes });
      return;
    }
    const minute = droppedMinute(event, target, fromQueue, pointer.position.current);
    const crewId = target.crewId ?? visit.crewId;
    const start = instantAt(target.day, minute, timeZone);
    if (crewId === visit.crewId && visit.start && minuteOfDay(visit.start, target.day, timeZone) === minute) return;
    reschedule(visit, { crewId, start, durationMinutes: visit.durationMinutes });
  }

  const stepName = view === "week" ? "week" : "day";
  const title =
    view === "week"
      ? `${dayLabel(range.from)} – ${dayLabel(range.to)}`
      : dayLabel(date, { weekday: "long", day: "numeric", month: "long", year: "numeric" });

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Schedule</h1>
        <ViewSwitch view={view} onChange={(next) => go({ view: next })} />
      </div>
      <div role="toolbar" aria-label="Schedule dates" className="flex flex-wrap items-end gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Previous ${stepName}`}
          onClick={() => go({ date: stepDate(view, date, -1) })}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" onClick={() => go({ date: todayIn(timeZone) })}>
          Today
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Next ${stepName}`}
          onClick={() => go({ date: stepDate(view, date, 1) })}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-date`} className="sr-only">
            Go to date
          </Label>
          <Input
            id={`${id}-date`}
            type="date"
            className="w-40"
            value={date}
            onChange={(e) => DAY_PATTERN.test(e.target.value) && go({ date: e.target.value })}
          />
        </div>
        <p aria-live="polite" className="px-2 text-sm font-medium">
          {title} <span className="text-muted-foreground">({timeZone})</span>
        </p>
        <div data-slot="board-actions" className="ml-auto flex items-center gap-2">
          {view !== "week" && board && board.crews.length > 0 ? (
            <>
              {date === todayIn(timeZone) ? (
                <Button type="button" variant="outline" onClick={() => setOptimizing("replan")}>
                  Re-plan rest of day
                </Button>
              ) : null}
              <Button type="button" onClick={() => setOptimizing("day")}>
                <Sparkles aria-hidden="true" /> Optimize day
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {refusal ? (
        <Alert variant="destructive">
          <AlertTitle>The visit was not moved</AlertTitle>
          <AlertDescription>
            {refusal}
            <Button type="button" variant="outline" size="sm" onClick={() => setRefusal(null)}>
              Dismiss
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {schedule.isPending ? (
        <ScheduleSkeleton />
      ) : schedule.isError || !board ? (
        <Alert variant="destructive">
          <AlertTitle>The schedule could not be loaded</AlertTitle>
          <AlertDescription>
            {apiErrorMessage(schedule.error, "Check the connection and try again.")}
            <Button type="button" variant="outline" size="sm" onClick={() => void schedule.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : board.crews.length === 0 ? (
        <Card>
          <CardContent className="grid gap-2 py-6">
            <p className="font-medium">No crews yet</p>
            <p className="text-sm text-muted-foreground">
              Create a crew, give it working hours and add your {terms.technicians.toLowerCase()} on the{" "}
              <Link to="/crews" className="underline">
                Crews
              </Link>{" "}
              page; then {terms.jobs.toLowerCase()} can be scheduled here.
            </p>
          </CardContent>
        </Card>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={pointerWithin}
          autoScroll={false}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => {
            setDragged(null);
            pointer.stop();
          }}
          accessibility={{
            screenReaderInstructions: {
              draggable: "Press Enter to open the Schedule visit dialog and choose a crew, date and time.",
            },
          }}
        >
          <div className={view === "board" ? "grid gap-4 xl:grid-cols-[1fr_18rem]" : "grid gap-4"}>
            <div className="grid min-w-0 gap-2">
              {board.visits.length === 0 && !board.visitsOmitted ? (
                <p className="text-sm text-muted-foreground">
                  Nothing is scheduled {view === "week" ? "this week" : "on this day"}. Drag a visit from the unassigned
                  queue onto a crew, or open one to schedule it.
                </p>
              ) : null}
              {view === "board" ? (
                <BoardView board={board} days={range.days} jobWord={jobWord} onOpen={setEditing} />
              ) : null}
              {view === "board" ? null : board.visitsOmitted ? (
                <WeekLoadGrid board={board} days={range.days} onOpenDay={(day) => go({ view: "board", date: day })} />
              ) : (
                <CalendarView view={view} board={board} days={range.days} jobWord={jobWord} onOpen={setEditing} />
              )}
            </div>
            <UnassignedQueue board={board} jobWord={jobWord} onOpen={setEditing} className="min-w-0" />
          </div>
          <DragOverlay dropAnimation={null}>
            {dragged ? (
              <div className="w-56 rounded-md border border-l-4 bg-card px-2 py-1 text-xs shadow-lg">
                <VisitSummary visit={dragged} jobWord={jobWord} time={`${dragged.durationMinutes} min`} />
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      {!optimizing && linkedPlan.data && board ? (
        <OptimizeDayDialog
          key={linkedPlan.data.id}
          date={date}
          crews={board.crews}
          open
          planId={linkedPlan.data.id}
          onOpenChange={(open) => (open ? undefined : setParams({ view, date }))}
        />
      ) : null}
      {optimizing && board ? (
        <OptimizeDayDialog
          date={date}
          crews={board.crews}
          open
          replan={optimizing === "replan"}
          onOpenChange={(open) => (open ? undefined : setOptimizing(null))}
        />
      ) : null}
      {editing && board ? (
        <ScheduleVisitDialog
          key={editing.id}
          visit={editing}
          crews={board.crews}
          timeZone={board.timeZone}
          defaultDay={date}
          jobWord={jobWord}
          saving={move.isPending}
          error={dialogError}
          onClose={() => {
            setEditing(null);
            setDialogError(null);
          }}
          onSubmit={(choice) =>
            reschedule(editing, choice, (error) => {
              setDialogError(error);
              if (!error) setEditing(null);
            })
          }
        />
      ) : null}
    </>
  );
}
