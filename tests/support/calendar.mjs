// The search form's calendar opens on the first selectable day's month: near a month's end that month
// holds only a day or two, so the n-th selectable day may be in the next one (the tests ran red on
// 28 November). Counts selectable days across months, as a user paging forward would.
export async function pickSelectableDay(page, dayIndex) {
  const calendar = page.locator(".calendar");
  let remaining = dayIndex;
  for (let month = 0; month < 3; month++) {
    const enabled = calendar.locator("button.calendar-day:not([disabled])");
    const count = await enabled.count();
    if (remaining < count) return enabled.nth(remaining).click();
    remaining -= count;
    const title = await calendar.locator(".calendar-title").textContent();
    await calendar.getByRole("button", { name: "Luna următoare" }).click();
    await calendar.locator(".calendar-title").filter({ hasNotText: title ?? "" }).waitFor();
  }
  throw new Error(`no selectable day number ${dayIndex} within three months`);
}
