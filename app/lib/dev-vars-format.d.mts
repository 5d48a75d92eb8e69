export function parseDevVars(text: string): Record<string, string | undefined>;
