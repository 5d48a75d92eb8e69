export function cronsOf(toml: string): string[];
export function cronPeriodMs(cron: string): number | null;
export function startLocalCron(options: {
  baseUrl: string;
  crons: string[];
  log?: (line: string) => void;
  fetchImpl?: (url: string) => Promise<Response>;
}): () => void;
