export function ensureDevVars(): Record<string, string | undefined>;
export function parseDevVars(text: string): Record<string, string | undefined>;
