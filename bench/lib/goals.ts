// The goals a benchmark holds its figures to, printed together at its end: one row per figure
// with the value measured in this run, the goal and whether it is met.

export interface Goal {
  figure: string;
  /** As measured in this run, with its unit. */
  value: string;
  goal: string;
  met: boolean;
}

export function printGoals(title: string, goals: Goal[]): void {
  const header = ['figure', 'this run', 'goal', ''];
  const rows = goals.map((goal) => [goal.figure, goal.value, goal.goal, goal.met ? 'met' : 'MISSED']);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const met = goals.filter((goal) => goal.met).length;
  console.log(`\nGoals of ${title}: ${met} of ${goals.length} met`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
