import type { CSSProperties, ReactNode } from "react";
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { minutesFromTime, type CrewBreak, type WorkingHours } from "@fieldops/shared/crews";
import type { ScheduleCrew, ScheduleVisit } from "@fieldops/shared/schedule";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { cn } from "../../lib/utils";
import { clockLabel, minuteOfDay, weekdayOf } from "./schedule-time";

/** The minutes of the day a time axis spans. */
export interface Axis {
  startMinute: number;
  endMinute: number;
}

export type Orientation = "horizontal" | "vertical";

/** What a drop target tells the drop handler: the day, and the crew a visit dropped there gets (undefined: keeps its own). */
export interface LaneTarget {
  kind: "lane";
  day: string;
  crewId?: string;
  axis: Axis;
  orientation: Orientation;
}

export interface QueueTarget {
  kind: "queue";
}

/** What a dragged visit carries. A visit dragged from the queue lands where the pointer is, one on an axis by its start. */
export interface DraggedVisit {
  visit: ScheduleVisit;
  fromQueue: boolean;
}

const MOVABLE = new Set(["unscheduled", "scheduled", "dispatched"]);

export const isMovable = (visit: ScheduleVisit) => MOVABLE.has(visit.status);

/** A crew's colour as a translucent background, so that the text on it keeps the page's contrast. */
export function crewTint(color: string | undefined, alpha: string): CSSProperties {
  return color ? { backgroundColor: `${color}${alpha}`, borderColor: color } : {};
}

/** A visit as a button: it opens the Schedule visit dialog, and can be dragged when its status allows a move. */
export function VisitBlock({
  visit,
  crew,
  label,
  style,
  className,
  fromQueue = false,
  onOpen,
  children,
}: {
  visit: ScheduleVisit;
  crew: ScheduleCrew | undefined;
  /** Said after the visible text to those who do not see the colours: the crew, or that there is none. */
  label: string;
  style?: CSSProperties;
  className?: string;
  fromQueue?: boolean;
  onOpen: (visit: ScheduleVisit) => void;
  children: ReactNode;
}) {
  const movable = isMovable(visit);
  const data: DraggedVisit = { visit, fromQueue };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `${fromQueue ? "queue" : "block"}:${visit.id}`,
    data,
    disabled: !movable,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...(movable ? listeners : {})}
      onClick={() => onOpen(visit)}
      data-visit-id={visit.id}
      className={cn(
        "overflow-hidden rounded-md border border-l-4 bg-card px-2 py-1 text-left text-xs text-foreground shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        movable ? "cursor-grab" : "cursor-default opacity-80",
        isDragging && "opacity-40",
        className,
      )}
      style={{ ...crewTint(crew?.color, "33"), ...style }}
    >
      {children}
      <span className="sr-only">, {label}</span>
    </button>
  );
}

/** A block's text: job number and title, customer, time, and how far the work has got once it is under way. */
export function VisitSummary({
  visit,
  jobWord,
  time,
  wrapName = false,
}: {
  visit: ScheduleVisit;
  jobWord: string;
  time: string;
  /** In a calendar column a long name wraps onto the visit's height; in a row it would push the time out. */
  wrapName?: boolean;
}) {
  const progress =
    visit.status === "scheduled" || visit.status === "unscheduled" ? null : VISIT_STATUS_LABELS[visit.status];
  return (
    <>
      <span className="block truncate font-medium">
        {jobWord} #{visit.jobNumber} · {visit.jobTitle}
      </span>
      <span className={cn("block", wrapName ? "break-words" : "truncate")}>{visit.customerName}</span>
      <span className="block truncate">
        {time}
        {progress ? ` · ${progress}` : ""}
      </span>
    </>
  );
}

/** Side-by-side columns for visits that overlap (a week column holds several crews): each visit's column and the count. */
export function overlapColumns(
  spans: readonly { id: string; start: number; end: number }[],
): Map<string, { column: number; columns: number }> {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const result = new Map<string, { column: number; columns: number }>();
  let cluster: { id: string; column: number }[] = [];
  let clusterEnd = -Infinity;
  let columnEnds: number[] = [];
  const close = () => {
    const columns = Math.max(1, columnEnds.length);
    for (const entry of cluster) result.set(entry.id, { column: entry.column, columns });
    cluster = [];
    columnEnds = [];
  };
  for (const span of sorted) {
    if (span.start >= clusterEnd) close();
    let column = columnEnds.findIndex((end) => end <= span.start);
    if (column === -1) column = columnEnds.push(span.end) - 1;
    else columnEnds[column] = span.end;
    cluster.push({ id: span.id, column });
    clusterEnd = Math.max(clusterEnd, span.end);
  }
  close();
  return result;
}

/** A day's visits at their minutes of the day, and the side-by-side column of each among those it overlaps. */
function placeVisits(visits: readonly ScheduleVisit[], day: string, timeZone: string) {
  const placed = visits.map((visit) => ({
    visit,
    start: minuteOfDay(visit.start!, day, timeZone),
    end: minuteOfDay(visit.end!, day, timeZone),
  }));
  const columns = overlapColumns(placed.map(({ visit, start, end }) => ({ id: visit.id, start, end })));
  return { placed, columns };
}

/** How many visits of a day stand side by side at most (1 for none): a lane needs that many blocks' width. */
export function mostSideBySide(visits: readonly ScheduleVisit[], day: string, timeZone: string): number {
  const { columns } = placeVisits(visits, day, timeZone);
  return Math.max(1, ...[...columns.values()].map((entry) => entry.columns));
}

function place(orientation: Orientation, axis: Axis, start: number, end: number): CSSProperties {
  const span = axis.endMinute - axis.startMinute;
  const from = Math.max(start, axis.startMinute);
  const to = Math.min(end, axis.endMinute);
  const offset = `${((from - axis.startMinute) / span) * 100}%`;
  const size = `${(Math.max(to - from, 5) / span) * 100}%`;
  return orientation === "horizontal" ? { left: offset, width: size } : { top: offset, height: size };
}

/**
 * One day of one crew (or of every crew, in the week) along a time axis: the crew's working hours shaded, its breaks'
 * windows outlined, and its visits as blocks at their times. Visits dropped on it take its day and, when it has one,
 * its crew.
 */
export function TimeLane({
  day,
  crew,
  visits,
  crewsById,
  axis,
  orientation,
  timeZone,
  jobWord,
  label,
  className,
  onOpen,
}: {
  day: string;
  /** The lane's crew, or undefined for a lane of every crew. */
  crew: ScheduleCrew | undefined;
  visits: readonly ScheduleVisit[];
  crewsById: ReadonlyMap<string, ScheduleCrew>;
  axis: Axis;
  orientation: Orientation;
  timeZone: string;
  jobWord: string;
  label: string;
  className?: string;
  onOpen: (visit: ScheduleVisit) => void;
}) {
  const target: LaneTarget = { kind: "lane", day, crewId: crew?.id, axis, orientation };
  const { setNodeRef, isOver } = useDroppable({ id: `lane:${day}:${crew?.id ?? "all"}`, data: target });
  const hours: WorkingHours | undefined = crew?.workingHours.find((entry) => entry.weekday === weekdayOf(day));
  const { placed, columns } = placeVisits(visits, day, timeZone);
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={label}
      data-lane={`${day}:${crew?.id ?? "all"}`}
      data-axis={`${axis.startMinute}-${axis.endMinute}`}
      className={cn("relative bg-muted/60", isOver && "ring-2 ring-ring", className)}
    >
      {hours ? (
        <div
          aria-hidden="true"
          data-working-hours={`${hours.start}-${hours.end}`}
          className="absolute bg-background"
          style={{
            ...place(orientation, axis, minutesFromTime(hours.start), minutesFromTime(hours.end)),
            ...(orientation === "horizontal" ? { top: 0, bottom: 0 } : { left: 0, right: 0 }),
          }}
        >
          <div className="absolute inset-0" style={crewTint(crew?.color, "14")} />
        </div>
      ) : null}
      {hours
        ? (crew?.breaks ?? []).map((entry: CrewBreak) => (
            <div
              key={`${entry.windowStart}-${entry.windowEnd}`}
              aria-hidden="true"
              title={`${entry.durationMinutes}-minute break between ${entry.windowStart} and ${entry.windowEnd}`}
              className="absolute border border-dashed border-muted-foreground/40"
              style={{
                ...place(orientation, axis, minutesFromTime(entry.windowStart), minutesFromTime(entry.windowEnd)),
                ...(orientation === "horizontal" ? { top: 0, bottom: 0 } : { left: 0, right: 0 }),
              }}
            />
          ))
        : null}
      {placed.map(({ visit, start, end }) => {
        const { column, columns: count } = columns.get(visit.id) ?? { column: 0, columns: 1 };
        const across =
          orientation === "horizontal"
            ? { top: `${(column / count) * 100}%`, height: `${100 / count}%` }
            : { left: `${(column / count) * 100}%`, width: `${100 / count}%` };
        const visitCrew = visit.crewId ? crewsById.get(visit.crewId) : undefined;
        const time = `${clockLabel(start)}–${clockLabel(end)}`;
        return (
          <VisitBlock
            key={visit.id}
            visit={visit}
            crew={visitCrew}
            label={visitCrew ? visitCrew.name : "no crew"}
            onOpen={onOpen}
            className="absolute"
            style={{ ...place(orientation, axis, start, end), ...across }}
          >
            <VisitSummary visit={visit} jobWord={jobWord} time={time} wrapName={orientation === "vertical"} />
          </VisitBlock>
        );
      })}
    </div>
  );
}

/** The hour marks along an axis. */
export function AxisTicks({
  axis,
  orientation,
  className,
}: {
  axis: Axis;
  orientation: Orientation;
  className?: string;
}) {
  const hours: number[] = [];
  for (let minute = Math.ceil(axis.startMinute / 60) * 60; minute < axis.endMinute; minute += 60) hours.push(minute);
  return (
    <div aria-hidden="true" className={cn("relative text-xs text-muted-foreground", className)}>
      {hours.map((minute) => (
        <span key={minute} className="absolute" style={place(orientation, axis, minute, minute + 60)}>
          {clockLabel(minute)}
        </span>
      ))}
    </div>
  );
}
