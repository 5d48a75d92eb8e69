// What a supplier's SupplierQueue Durable Object reports about itself (workers/durable-objects/supplier-queue.ts).
export interface QueueStats {
  supplierId: string | null;
  maxConcurrent: number;
  /** the retry cap in force (a published automation configuration, else SWITCH_MAX_RETRIES) */
  maxRetries: number;
  activeProcesses: number;
  isRunning: boolean;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  retrying: number;
  /** parked for the user's signature or polling the supplier's confirmation */
  waiting: number;
  cancelled: number;
  total: number;
}
