import { useDroppable } from "@dnd-kit/core";
import { minutesFromTime } from "@fieldops/shared/crews";
import type { ScheduleCrew, ScheduleResponse, ScheduleVisit } from "@fieldops/shared/schedule";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { cn } from "../../lib/utils";
import { axisHours, dayLabel, minuteOfDay, weekdayOf } from "./schedule-time";
import {
  AxisTicks,
  mostSideBySide,
  TimeLane,
  VisitBlock,
  VisitSummary,
  type Axis,
  type QueueTarget,
} from "./time-lane";
import { DataTable } from "../../components/data-table";

export interface ViewProps {
  board: ScheduleResponse;
  days: readonly string[];
  jobWord: string;
  onOpen: (visit: ScheduleVisit) => void;
}

/** Pixels per hour along a vertical axis (day and week views). */
const HOUR_HEIGHT = 56;
/** The narrowest a visit's block may be in a calendar and still show its job, customer and time. */
const VISIT_MIN_WIDTH_REM = 8.5;

function crewMap(crews: readonly ScheduleCrew[]): Map<string, ScheduleCrew> {
  return new Map(crews.map((crew) => [crew.id, crew]));
}

/** The visits of a day that start on it (a visit past midnight is drawn on the day it starts). */
function visitsOn(board: ScheduleResponse, day: string, crewId?: string): ScheduleVisit[] {
  return board.visits.filter(
    (visit) =>
      visit.start !== null &&
      visit.end !== null &&
      (crewId === undefined ? true : visit.crewId === crewId) &&
      minuteOfDay(visit.start, day, board.timeZone) >= 0 &&
      minuteOfDay(visit.start, day, board.timeZone) < 1440,
  );
}

/** The axis of the days shown: wide enough for every crew's hours and every visit. */
function axisFor(board: ScheduleResponse, days: readonly string[]): Axis {
  const spans = days.flatMap((day) => [
    ...board.crews.flatMap((crew) =>
      crew.workingHours
        .filter((hours) => hours.weekday === weekdayOf(day))
        .map((hours) => ({ startMinute: minutesFromTime(hours.start), endMinute: minutesFromTime(hours.end) })),
    ),
    ...visitsOn(board, day).map((visit) => ({
      startMinute: minuteOfDay(visit.start!, day, board.timeZone),
      endMinute: Math.min(1440, minuteOfDay(visit.end!, day, board.timeZone)),
    })),
  ]);
  return axisHours(spans);
}

function CrewSwatch({ crew }: { crew: ScheduleCrew }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 shrink-0 rounded-full"
      style={{ backgroundColor: crew.color }}
    />
  );
}

/** The dispatch board: one row per crew along the day's hours, its working hours shaded. */
export function BoardView({ board, days, jobWord, onOpen }: ViewProps) {
  const day = days[0]!;
  const axis = axisFor(board, days);
  const crewsById = crewMap(board.crews);
  return (
    <div role="region" aria-label="Dispatch board" tabIndex={0} className="overflow-x-auto rounded-lg border">
      <div className="min-w-[1000px]">
        <div className="grid grid-cols-[10rem_1fr] border-b bg-card">
          <div className="px-3 py-2 text-xs font-medium text-muted-foreground">Crew</div>
          <AxisTicks axis={axis} orientation="horizontal" className="h-8 py-2" />
        </div>
        {board.crews.map((crew) => (
          <div key={crew.id} className="grid grid-cols-[10rem_1fr] border-b last:border-b-0">
            <div className="flex flex-col justify-center gap-0.5 border-r bg-card px-3 py-2">
              <span className="flex items-center gap-2 text-sm font-medium">
                <CrewSwatch crew={crew} />
                {crew.name}
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {crew.skills.join(", ") || "No skills listed"}
              </span>
            </div>
            <TimeLane
              day={day}
              crew={crew}
              visits={visitsOn(board, day, crew.id)}
              crewsById={crewsById}
              axis={axis}
              orientation="horizontal"
              timeZone={board.timeZone}
              jobWord={jobWord}
              label={`${crew.name}, ${dayLabel(day)}`}
              className="h-16"
              onOpen={onOpen}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A vertical calendar: a time column and one column per lane. */
function VerticalCalendar({
  board,
  columns,
  axis,
  jobWord,
  onOpen,
  label,
}: {
  board: ScheduleResponse;
  columns: { key: string; title: string; day: string; crew?: ScheduleCrew; laneLabel: string }[];
  axis: Axis;
  jobWord: string;
  onOpen: ViewProps["onOpen"];
  label: string;
}) {
  const crewsById = crewMap(board.crews);
  const height = ((axis.endMinute - axis.startMinute) / 60) * HOUR_HEIGHT;
  // A column is as wide as its visits side by side need to show their names; the calendar scrolls sideways in its box.
  const widths = columns.map((column) => {
    const sideBySide = mostSideBySide(visitsOn(board, column.day, column.crew?.id), column.day, board.timeZone);
    return `minmax(${Math.max(7, sideBySide * VISIT_MIN_WIDTH_REM)}rem, 1fr)`;
  });
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border">
      <div className="grid min-w-[700px]" style={{ gridTemplateColumns: `3.5rem ${widths.join(" ")}` }}>
        <div className="border-b bg-card" />
        {columns.map((column) => (
          <div
            key={column.key}
            className="flex items-center gap-2 border-b border-l bg-card px-2 py-2 text-sm font-medium"
          >
            {column.crew ? <CrewSwatch crew={column.crew} /> : null}
            {column.title}
          </div>
        ))}
        <AxisTicks axis={axis} orientation="vertical" className="px-1" />
        {columns.map((column) => (
          <div key={column.key} className="border-l" style={{ height }}>
            <TimeLane
              day={column.day}
              crew={column.crew}
              visits={visitsOn(board, column.day, column.crew?.id)}
              crewsById={crewsById}
              axis={axis}
              orientation="vertical"
              timeZone={board.timeZone}
              jobWord={jobWord}
              label={column.laneLabel}
              className="h-full"
              onOpen={onOpen}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The calendars: a day has a column per crew along the hours; a week has a column per day, every crew's visits in it
 * coloured by crew.
 */
export function CalendarView({ board, days, jobWord, onOpen, view }: ViewProps & { view: "day" | "week" }) {
  const columns =
    view === "day"
      ? board.crews.map((crew) => ({
          key: crew.id,
          title: crew.name,
          day: days[0]!,
          crew,
          laneLabel: `${crew.name}, ${dayLabel(days[0]!)}`,
        }))
      : days.map((day) => ({
          key: day,
          title: dayLabel(day),
          day,
          laneLabel: dayLabel(day, { weekday: "long", day: "numeric", month: "long" }),
        }));
  return (
    <VerticalCalendar
      board={board}
      label={view === "day" ? "Day calendar" : "Week calendar"}
      axis={axisFor(board, days)}
      jobWord={jobWord}
      onOpen={onOpen}
      columns={columns}
    />
  );
}

/** The open jobs' visits still without a time or a crew, oldest first; a visit dropped here loses its crew. */
export function UnassignedQueue({
  board,
  jobWord,
  onOpen,
  className,
}: {
  board: ScheduleResponse;
  jobWord: string;
  onOpen: ViewProps["onOpen"];
  className?: string;
}) {
  const target: QueueTarget = { kind: "queue" };
  const { setNodeRef, isOver } = useDroppable({ id: "queue", data: target });
  const more = board.unassignedTotal - board.unassigned.length;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby="unassigned-queue-title"
      className={cn("flex flex-col gap-2 rounded-lg border bg-card p-3", isOver && "ring-2 ring-ring", className)}
    >
      <h2 id="unassigned-queue-title" className="text-sm font-semibold">
        Unassigned ({board.unassignedTotal})
      </h2>
      {board.unassigned.length === 0 ? (
        <p className="text-sm text-muted-foreground">Every visit has a crew.</p>
      ) : (
        <ul aria-label="Unassigned visits" className="flex max-h-[32rem] flex-col gap-2 overflow-y-auto">
          {board.unassigned.map((visit) => {
            const when = visit.start ? formatCompanyTime(visit.start, board.timeZone) : "No time yet";
            return (
              <li key={visit.id}>
                <VisitBlock visit={visit} crew={undefined} label="no crew" fromQueue onOpen={onOpen} className="w-full">
                  <VisitSummary visit={visit} jobWord={jobWord} time={`${when} · ${visit.durationMinutes} min`} />
                  {visit.requiredSkills.length > 0 ? (
                    <span className="block truncate text-muted-foreground">
                      Needs {visit.requiredSkills.join(", ")}
                    </span>
                  ) : null}
                </VisitBlock>
              </li>
            );
          })}
        </ul>
      )}
      {more > 0 ? <p className="text-xs text-muted-foreground">and {more} more</p> : null}
    </section>
  );
}

function bookedLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A crew's working minutes on a day (none on a day it does not work). */
function workingMinutes(crew: ScheduleCrew, day: string): number {
  return crew.workingHours
    .filter((hours) => hours.weekday === weekdayOf(day))
    .reduce((sum, hours) => sum + minutesFromTime(hours.end) - minutesFromTime(hours.start), 0);
}

/** A row of the week's load: a crew, or the visits of no crew. */
interface WeekLoadRow {
  id: string | null;
  name: string;
  crew?: ScheduleCrew;
}

/**
 * A week too full to draw visit by visit: each crew's booked time per day against its working hours, so that the
 * dispatcher sees who is overbooked or idle; a day opens on the dispatch board, where its visits can be moved.
 */
export function WeekLoadGrid({
  board,
  days,
  onOpenDay,
}: {
  board: ScheduleResponse;
  days: readonly string[];
  onOpenDay: (day: string) => void;
}) {
  const cells = new Map(board.crewDays.map((crewDay) => [`${crewDay.crewId ?? ""}|${crewDay.day}`, crewDay]));
  const total = board.crewDays
    .filter((crewDay) => days.includes(crewDay.day))
    .reduce((sum, crewDay) => sum + crewDay.visits, 0);
  const rows: WeekLoadRow[] = [
    ...board.crews.map((crew) => ({ id: crew.id, name: crew.name, crew })),
    ...(board.crewDays.some((crewDay) => crewDay.crewId === null) ? [{ id: null, name: "No crew" }] : []),
  ];
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {total} visits this week, too many to draw one by one: each cell is a crew&apos;s booked time that day. Open a
        day to see and move its visits.
      </p>
      <div role="region" aria-label="Week load" tabIndex={0} className="overflow-x-auto rounded-lg border">
        <DataTable
          caption="Booked time per crew and day"
          className="min-w-[900px] [&_thead]:bg-card"
          rows={rows}
          rowKey={(row) => row.id ?? "none"}
          columns={[
            {
              id: "crew",
              header: "Crew",
              headerClassName: "px-3 text-xs",
              rowHeader: true,
              className: "px-3",
              cell: (row) => (
                <span className="flex items-center gap-2">
                  {row.crew ? <CrewSwatch crew={row.crew} /> : null}
                  {row.name}
                </span>
              ),
            },
            ...days.map((day) => ({
              id: day,
              header: (
                <button type="button" className="underline-offset-2 hover:underline" onClick={() => onOpenDay(day)}>
                  {dayLabel(day)}
                </button>
              ),
              headerClassName: "px-2 text-xs text-foreground last:pr-2",
              className: "px-2 py-1.5 align-top last:pr-2",
              cell: (row: WeekLoadRow) => {
                const cell = cells.get(`${row.id ?? ""}|${day}`);
                const capacity = row.crew ? workingMinutes(row.crew, day) : 0;
                const share = capacity > 0 && cell ? Math.min(1, cell.bookedMinutes / capacity) : 0;
                const over = cell !== undefined && capacity > 0 && cell.bookedMinutes > capacity;
                return cell ? (
                  <button
                    type="button"
                    aria-label={`${row.name}, ${dayLabel(day, { weekday: "long", day: "numeric", month: "long" })}: ${cell.visits} visits, ${bookedLabel(cell.bookedMinutes)} booked${capacity > 0 ? ` of ${bookedLabel(capacity)}` : ""}`}
                    className="grid w-full gap-1 rounded px-1 py-0.5 text-left hover:bg-accent"
                    onClick={() => onOpenDay(day)}
                  >
                    <span className={cn("text-xs", over && "font-semibold text-destructive")}>
                      {cell.visits} · {bookedLabel(cell.bookedMinutes)}
                    </span>
                    {capacity > 0 ? (
                      <span aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded bg-muted">
                        <span
                          className={cn("block h-full", over ? "bg-destructive" : "bg-primary")}
                          style={{ width: `${Math.round(share * 100)}%` }}
                        />
                      </span>
                    ) : null}
                  </button>
                ) : (
                  <span className="text-xs text-muted-foreground">{capacity > 0 ? "free" : "off"}</span>
                );
              },
            })),
          ]}
        />
      </div>
    </div>
  );
}
