// The questions of "Skill Ladder...": budgets of rollouts, checked as `tabletwin ladder` checks them
// (engine/tabletwin/simulate/ladder.py) so a slip is shown while typing, not after a round trip.

export const MAX_BUDGETS = 16;
export const MAX_ROLLOUTS = 10_000;
export const DEFAULT_BUDGETS = "0,16,64";

/** The reason a budgets text is not one, or undefined. */
export function checkBudgets(text: string): string | undefined {
  const parts = text.split(",").map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return "Give budgets separated by commas, 0 included (e.g. 0,16,64)";
  if (parts.length > MAX_BUDGETS) return `At most ${MAX_BUDGETS} budgets in one ladder`;
  const seen = new Set<number>();
  for (const part of parts) {
    if (!/^\d+$/.test(part) || Number(part) > MAX_ROLLOUTS) {
      return `A budget is a whole number of rollouts from 0 to ${MAX_ROLLOUTS.toLocaleString("en")}, not ${part.slice(0, 20)}`;
    }
    if (seen.has(Number(part))) return `${Number(part)} is named twice`;
    seen.add(Number(part));
  }
  if (!seen.has(0)) return "Include 0: budget 0 is the floor every budget is measured against";
  return undefined;
}

export function parseBudgets(text: string): number[] {
  return text.split(",").map((p) => p.trim()).filter(Boolean).map(Number);
}
