import type { PlannerCase } from "./planner-test-fixtures.ts";

/**
 * A row of the golden table or of a blind set: a message, the outcome it must give (`navigate:/jobs`,
 * `read:findCustomers`, `module:schedule-visit`, `clarify`, `refuse`, `answer`…), and optionally the user, the screen,
 * the parameters the outcome must carry and the words the reply must hold. `alsoRight`: another outcome that is also
 * right (a read whose card shows the answer), with its parameters.
 */
export type GoldenOptions = PlannerCase & {
  params?: Record<string, unknown>;
  says?: RegExp;
  alsoRight?: string;
  alsoRightParams?: Record<string, unknown>;
};
export type GoldenRow = { intent: string; message: string; expected: string; options?: GoldenOptions };
export type Row = [message: string, expected: string, options?: GoldenOptions];

/** Rows of one intent, as written: `[message, expected, options?]`. */
export function section(intent: string, rows: Row[]): GoldenRow[] {
  return rows.map(([message, expected, options]) => ({ intent, message, expected, ...(options ? { options } : {}) }));
}
