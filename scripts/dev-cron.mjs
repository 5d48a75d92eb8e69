// Production's cron, locally: `wrangler dev` never fires scheduled events by itself, so `npm run dev`
// starts it with --test-scheduled and calls /__scheduled?cron=… on each cron's interval. Without this a
// document whose consumer died would stay stuck until someone reprocessed it by hand.

/** The cron expressions of wrangler.toml's top-level [triggers]. */
export function cronsOf(toml) {
  const triggers = /^\[triggers\]\s*\n([\s\S]*?)(?=^\[|$(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const list = /^crons\s*=\s*\[([^\]]*)\]/m.exec(triggers)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

/** The period of a cron that fires every N minutes ("*\/N * * * *" or "* * * * *"), or null. */
export function cronPeriodMs(cron) {
  const match = /^(\*|\*\/(\d+)) \* \* \* \*$/.exec(cron.trim());
  if (!match) return null;
  const minutes = match[2] === undefined ? 1 : Number(match[2]);
  return minutes > 0 ? minutes * 60_000 : null;
}

/** Fires each cron on its period against a `wrangler dev --test-scheduled` server; returns a stop function. */
export function startLocalCron({ baseUrl, crons, log = console.log, fetchImpl = fetch }) {
  const timers = [];
  for (const cron of crons) {
    const period = cronPeriodMs(cron);
    if (period === null) {
      log(`[cron] "${cron}" is not an every-N-minutes schedule; not fired locally`);
      continue;
    }
    const fire = async () => {
      try {
        const res = await fetchImpl(`${baseUrl}/__scheduled?cron=${encodeURIComponent(cron)}`);
        await res.body?.cancel();
        if (!res.ok) log(`[cron] ${cron}: ${res.status}`);
      } catch (error) {
        log(`[cron] ${cron}: ${error.message ?? error}`);
      }
    };
    timers.push(setInterval(fire, period));
  }
  return () => timers.forEach(clearInterval);
}
