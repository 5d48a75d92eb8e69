export const WRANGLER_VERSION: string;
export const PROXY_WORKER_PATH: string;
export const PRISTINE_SHA256: string;
export function sha256(text: string): string;
export function proxyWorkerState(text: string): "pristine" | "patched" | "unknown";
export function patchProxyWorker(text: string): string;
export function unpatchProxyWorker(text: string): string;
export function runPatchCommand(args: string[], root: string): number;
