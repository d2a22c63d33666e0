import { text } from "./text";

/** A real calendar day written `YYYY-MM-DD` (read on the company's calendar by the use case). */
export const calendarDaySchema = text({ max: 10 })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "Enter a real date",
  );
