// The contract of a switch request as a file: the signed one once it exists, the unsigned one before.
// Our own PDFs (pdf-lib, no scripts or actions), served inline, never cached, never sniffed.
import type { Env } from "../env.server";
import type { SwitchRequestRow } from "./requests.server";

export async function contractFileResponse(env: Env, request: SwitchRequestRow): Promise<Response | null> {
  const key = request.signedContractR2Key ?? request.contractR2Key;
  if (!key) return null;
  const object = await env.DOCUMENTS.get(key);
  if (!object) return null;
  const name = `contract-${request.contractNumber ?? request.id.slice(-8)}${request.signedContractR2Key ? "-semnat" : ""}.pdf`;
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
