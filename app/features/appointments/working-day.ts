/**
 * "Within one working day" (issue 37): the same time on the next working day, Monday to Friday in
 * Africa/Accra (UTC all year). A request proven on Friday at 15:00 is due on Monday at 15:00; one
 * proven on Saturday or Sunday, on Monday at the same time. Public holidays are not counted.
 */
export function oneWorkingDayAfter(from: Date): Date {
  const due = new Date(from);
  do due.setUTCDate(due.getUTCDate() + 1);
  while (due.getUTCDay() === 0 || due.getUTCDay() === 6);
  return due;
}
