// The searching animation of user spec §2/§4: supplier names rotate every 1.2 s until all 13 were
// shown, then every 3 s; progress rises ≈95/13 per rotation (cap 98 %), then 0.2 per rotation.
export const SEARCH_COUNTDOWN_SECONDS = 180;
export const PROGRESS_CAP = 98;
export const FAST_ROTATION_MS = 1_200;
export const SLOW_ROTATION_MS = 3_000;

export interface SearchProgress {
  nameIndex: number;
  namesShown: number;
  progress: number;
}

export const initialSearchProgress: SearchProgress = { nameIndex: 0, namesShown: 1, progress: 0 };

export function rotationDelay(state: SearchProgress, nameCount: number): number {
  return state.namesShown >= nameCount ? SLOW_ROTATION_MS : FAST_ROTATION_MS;
}

export function advanceSearchProgress(state: SearchProgress, nameCount: number): SearchProgress {
  const fullCycleDone = state.namesShown >= nameCount;
  const step = fullCycleDone ? 0.2 : 95 / nameCount;
  return {
    nameIndex: (state.nameIndex + 1) % nameCount,
    namesShown: Math.min(state.namesShown + 1, nameCount),
    progress: Math.min(PROGRESS_CAP, state.progress + step),
  };
}

/** 'm:ss' for the countdown 'Găsim rezultate în'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
