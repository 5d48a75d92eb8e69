// A switch request's status as a coloured badge (user spec §4 statuses, labels in the catalogue).
import { TEXTS } from "~/texts/user";

const TONE: Record<string, string> = {
  completed: "ok",
  failed: "bad",
  rejected: "bad",
  cancelled: "bad",
  canceled: "bad",
  inactive: "bad",
  awaiting_signature: "wait",
  on_hold: "wait",
  paused: "wait",
};

export function requestStatusLabel(status: string): string {
  return TEXTS.switching.statusLabels[status] ?? status;
}

export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <span className={`status-badge ${TONE[status] ?? "busy"}`} data-status={status}>
      {requestStatusLabel(status)}
    </span>
  );
}
