// Makes and stores the signed contract once the signing page has checked the SMS code (issue #10 item 5):
// the unsigned PDF from R2 (its SHA-256 must still be the one recorded when it was generated), the
// signature and the audit page, under a new unguessable key. Run inside SupplierQueue, which has the fonts.
import { and, eq, isNull } from "drizzle-orm";
import { PIPELINE_TEXTS } from "../../../texts/pipeline";
import { switchRequests, users } from "../../db/schema.server";
import { newStorageKey, readDocumentFile, sha256HexOfBytes } from "../../documents/storage.server";
import { signContractPdf, type SignatureMark } from "../contract/contract-pdf.server";
import { logInsert } from "../requests.server";
import type { PipelineDeps } from "./steps.server";

export interface SignatureInput {
  mark: SignatureMark;
  ipAddress: string | null;
  userAgent: string | null;
}

export type StoreSignedResult = { ok: true; alreadySigned: boolean } | { ok: false; reason: "not_ready" | "contract_missing" | "contract_changed" };

export async function storeSignedContract(deps: PipelineDeps, requestId: string, input: SignatureInput): Promise<StoreSignedResult> {
  const [row] = await deps.db
    .select({ request: switchRequests, user: { phone: users.phone, firstName: users.firstName, lastName: users.lastName } })
    .from(switchRequests)
    .innerJoin(users, eq(users.id, switchRequests.userId))
    .where(eq(switchRequests.id, requestId))
    .limit(1);
  if (!row) return { ok: false, reason: "not_ready" };
  const { request, user } = row;
  if (request.signedContractR2Key) return { ok: true, alreadySigned: true };
  if (request.status !== "awaiting_signature" || !request.contractR2Key) return { ok: false, reason: "not_ready" };
  const unsigned = await readDocumentFile(deps.env, request.contractR2Key);
  if (!unsigned) return { ok: false, reason: "contract_missing" };
  const unsignedSha256 = await sha256HexOfBytes(unsigned);
  if (unsignedSha256 !== request.contractSha256) return { ok: false, reason: "contract_changed" };

  const signedAt = deps.now();
  const signerName =
    input.mark.method === "typed" ? input.mark.name : [user.firstName, user.lastName].filter(Boolean).join(" ") || user.phone;
  const signed = await signContractPdf(
    unsigned,
    input.mark,
    {
      signerName,
      phone: user.phone,
      signedAt: new Date(signedAt),
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      unsignedSha256,
      method: input.mark.method,
      switchRequestId: request.id,
    },
    deps.fonts,
  );
  const key = newStorageKey(request.userId).replace(/^documents\//, "contracts/");
  await deps.env.DOCUMENTS.put(key, signed, {
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { switchRequestId: request.id, method: input.mark.method, unsignedSha256 },
  });
  const won = await deps.db
    .update(switchRequests)
    .set({ signedContractR2Key: key, signedAt, signatureCodeHash: null, updatedAt: signedAt })
    .where(and(eq(switchRequests.id, request.id), isNull(switchRequests.signedContractR2Key), eq(switchRequests.status, "awaiting_signature")))
    .returning({ id: switchRequests.id });
  if (won.length === 0) {
    await deps.env.DOCUMENTS.delete(key);
    return { ok: true, alreadySigned: true };
  }
  await logInsert(deps.db, request.id, "signature_required", PIPELINE_TEXTS.log.signed, "success", signedAt);
  return { ok: true, alreadySigned: false };
}
