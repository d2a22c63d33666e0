const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the company sees it: in its own time zone, with the zone's abbreviation, whatever the zone of the
 * device: dates are stored in UTC and shown in the company's time zone.
 */
export function formatCompanyTime(iso: string, timeZone: string, locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const key = `${locale ?? ""}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      });
    } catch {
      return formatCompanyTime(iso, "UTC", locale);
    }
    formats.set(key, format);
  }
  return format.format(at);
}
