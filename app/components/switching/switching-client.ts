// The switch journey's calls from the browser (user spec §7): the switch context kept on the server,
// the extracted data the wizard's summary shows, and the final submit.
import { apiClient } from "~/lib/api-client";
import { SWITCH_CONTEXT_KEY, readSwitchContext, type SwitchContext } from "~/lib/switch-context";

/** Stores the chosen offer for the signed-in user; false when the server refused it. */
export async function saveSwitchContextOnServer(context: SwitchContext): Promise<boolean> {
  const answer = await apiClient().exchange("/api/users/switch-context", { method: "PUT", body: context });
  if (!answer.ok) console.error("switch context refused", answer.status, answer.body);
  return answer.ok;
}

/**
 * Right after sign-in: the offer chosen while signed out goes to the server, so the wizard (and any
 * other device) finds it. Returns whether there was one to send.
 */
export async function pushLocalSwitchContext(): Promise<boolean> {
  const context = readSwitchContext(window.localStorage);
  if (!context) return false;
  try {
    await saveSwitchContextOnServer(context);
  } catch (error) {
    // The wizard then says that no offer is selected; the sign-in itself succeeded.
    if (!(error instanceof TypeError)) throw error;
    console.error("switch context not sent", error);
  }
  return true;
}

export function forgetLocalSwitchContext(): void {
  window.localStorage.removeItem(SWITCH_CONTEXT_KEY);
}

export type ExtractionAnswer = { ok: true; data: ProcessingStatus } | { ok: false; status: number };

/** The part of GET /api/documents/processing-status/{id} the summary shows. */
export interface ProcessingStatus {
  status: string;
  hasExtractedData: boolean;
  extractedData: Record<string, unknown> | null;
}

export async function fetchExtraction(documentId: string): Promise<ExtractionAnswer> {
  const { ok, status, body } = await apiClient().exchange(`/api/documents/processing-status/${encodeURIComponent(documentId)}`);
  if (!ok || !body || body.success === false) return { ok: false, status };
  return { ok: true, data: body as unknown as ProcessingStatus };
}

export interface SubmitAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

export async function submitSwitchRequest(payload: unknown): Promise<SubmitAnswer> {
  const { status, body } = await apiClient().exchange("/api/users/request-supplier-switch", { method: "POST", body: payload });
  return { status, body };
}
