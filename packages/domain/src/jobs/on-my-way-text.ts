/**
 * The "On my way" text: "Greenleaf Lawns: Sam is on the way, arriving around 9:30 AM". The arrival is the visit's
 * scheduled start, which is the route's planned arrival (applying an optimized route writes each visit's start; the
 * product has no live position of the crew to compute a fresher ETA). A start that has passed (the crew is late) or a
 * visit without one says "arriving shortly" rather than a time that is already gone.
 */
export function onMyWayText(input: {
  companyName: string;
  userName: string;
  scheduledStart: Date | null;
  timeZone: string;
  now: Date;
}): string {
  const firstName = input.userName.trim().split(/\s+/)[0] || "Your technician";
  const arrival =
    input.scheduledStart && input.scheduledStart.getTime() > input.now.getTime()
      ? `arriving around ${clockTime(input.scheduledStart, input.timeZone)}`
      : "arriving shortly";
  return `${input.companyName}: ${firstName} is on the way, ${arrival}.`;
}

function clockTime(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(at);
  }
}
